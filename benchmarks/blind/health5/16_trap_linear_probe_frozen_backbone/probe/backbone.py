import torch
import torch.nn as nn


class SmallResNet(nn.Module):
    """The self-supervised backbone we probe; its weights are loaded and must stay untouched."""

    def __init__(self, width=32):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.block = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
                                   nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.out_dim = width

    def forward(self, x):
        h = self.stem(x)
        h = torch.relu(h + self.block(h))
        return self.pool(h).flatten(1)


class LinearProbe(nn.Module):
    def __init__(self, backbone, n_classes):
        super().__init__()
        self.backbone = backbone
        self.fc = nn.Linear(backbone.out_dim, n_classes)
        for p in self.backbone.parameters():
            p.requires_grad = False

    def train(self, mode=True):
        super().train(mode)
        self.backbone.eval()  # keep the frozen BN statistics of the pretrained backbone
        return self

    def forward(self, x):
        with torch.no_grad():
            feats = self.backbone(x)
        return self.fc(feats)
