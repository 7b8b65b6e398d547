import torch.nn as nn

from .attention import SpatialAttention


class AttnNet(nn.Module):
    def __init__(self, num_classes=4, width=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.att = SpatialAttention(width)
        self.body = nn.Sequential(nn.Conv2d(width, width * 2, 3, stride=2, padding=1), nn.ReLU(),
                                  nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(width * 2, num_classes)

    def forward(self, x):
        return self.fc(self.body(self.att(self.stem(x))))
