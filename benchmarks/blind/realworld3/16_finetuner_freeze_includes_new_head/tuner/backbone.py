import torch
import torch.nn as nn


class TinyResNet(nn.Module):
    """stand-in for a pretrained torchvision backbone (weights shipped in backbone.pt)"""

    def __init__(self, width=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.block = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
                                   nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, 100)
        self.out_features = width

    def forward(self, x):
        h = self.stem(x)
        h = torch.relu(h + self.block(h))
        return self.fc(self.pool(h).flatten(1))
