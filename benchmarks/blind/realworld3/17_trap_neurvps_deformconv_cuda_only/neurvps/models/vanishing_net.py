import torch
import torch.nn as nn
import torch.nn.functional as F
from .conic import ConicConv


class VanishingNet(nn.Module):
    def __init__(self, num_channels=32, multires=(0.01, 0.05, 0.2)):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, num_channels, 7, stride=4, padding=3), nn.BatchNorm2d(num_channels), nn.ReLU(),
            nn.Conv2d(num_channels, num_channels, 3, padding=1), nn.BatchNorm2d(num_channels), nn.ReLU())
        self.anet = ApolloniusNet(num_channels, len(multires))
        self.multires = multires

    def forward(self, image, vpts):
        x = self.backbone(image)
        return self.anet(x, vpts)


class ApolloniusNet(nn.Module):
    def __init__(self, num_channels, output_dim):
        super().__init__()
        self.fc0 = nn.Conv2d(num_channels, 32, 1)
        self.relu = nn.ReLU(inplace=True)
        self.bn00 = nn.BatchNorm2d(32)
        self.conv00 = ConicConv(32, 32)
        self.bn01 = nn.BatchNorm2d(32)
        self.conv01 = ConicConv(32, 32)
        self.fc = nn.Linear(32, output_dim)

    def forward(self, input, vpts):
        x = self.fc0(input)
        x = self.conv00(self.relu(self.bn00(x)), vpts)
        x = self.conv01(self.relu(self.bn01(x)), vpts)
        x = F.adaptive_max_pool2d(x, 1).flatten(1)
        return self.fc(x)
