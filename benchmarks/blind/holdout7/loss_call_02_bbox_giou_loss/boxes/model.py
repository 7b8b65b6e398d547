import torch
import torch.nn as nn


class BoxNet(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        def block(cin, cout):
            return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))
        self.backbone = nn.Sequential(block(1, width), block(width, width * 2), block(width * 2, width * 4))
        self.pool = nn.AdaptiveAvgPool2d(3)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(width * 4 * 9, 128), nn.ReLU(), nn.Linear(128, 4))

    def forward(self, x):
        return torch.sigmoid(self.head(self.pool(self.backbone(x))))
