import torch.nn as nn
import torch.nn.functional as F


class RTNet(nn.Module):
    """Small stand-in for the RoI Tanh-polar encoder/decoder; 11 face-part classes."""

    def __init__(self, num_classes=11, width=32):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, width, 3, 2, 1), nn.BatchNorm2d(width), nn.ReLU(inplace=True),
            nn.Conv2d(width, width * 2, 3, 2, 1), nn.BatchNorm2d(width * 2), nn.ReLU(inplace=True),
        )
        self.decoder = nn.Conv2d(width * 2, num_classes, 1)

    def forward(self, x):
        h, w = x.shape[-2:]
        return F.interpolate(self.decoder(self.encoder(x)), size=(h, w), mode="bilinear", align_corners=False)
