import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, width, 5, padding=2, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1, bias=False),
            nn.BatchNorm2d(2 * width),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.out_dim = 2 * width

    def forward(self, x):
        return self.net(x)


def load_pretrained_backbone(seed=99):
    """Stand-in for loading a checkpoint: deterministic weights plus calibrated BN statistics."""
    torch.manual_seed(seed)
    backbone = Backbone()
    calib = torch.randn(256, 1, 16, 16)
    backbone.train()
    with torch.no_grad():
        for chunk in calib.split(64):
            backbone(chunk)
    return backbone


class LinearProbe(nn.Module):
    def __init__(self, backbone, num_classes):
        super().__init__()
        self.backbone = backbone
        self.head = nn.Sequential(nn.Linear(backbone.out_dim, 64), nn.ReLU(), nn.Linear(64, num_classes))

    def forward(self, x):
        return self.head(self.backbone(x))
