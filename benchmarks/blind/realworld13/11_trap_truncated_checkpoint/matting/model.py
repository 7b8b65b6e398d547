import torch
import torch.nn as nn
import torch.nn.functional as F


class SmartMatting(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(4, width, 3, padding=1), nn.ReLU(),
            nn.Conv2d(width, width * 2, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(width * 2, width * 2, 3, padding=1), nn.ReLU())
        self.decoder = nn.Sequential(
            nn.Conv2d(width * 2, width, 3, padding=1), nn.ReLU(),
            nn.Conv2d(width, 1, 3, padding=1))

    def forward(self, image, trimap):
        x = torch.cat([image, trimap], dim=1)
        feat = self.encoder(x)
        feat = F.interpolate(feat, size=image.shape[-2:], mode='bilinear', align_corners=False)
        return torch.sigmoid(self.decoder(feat))
