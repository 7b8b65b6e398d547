import torch
from torch import nn


class Encoder(nn.Module):
    """The encoder architecture used for RGB pre-training (keys must match encoder_rgb.pt)."""

    def __init__(self, in_channels=3, width=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(in_channels, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.layer1 = nn.Sequential(nn.Conv2d(width, 2 * width, 3, stride=2, padding=1), nn.BatchNorm2d(2 * width), nn.ReLU())
        self.layer2 = nn.Sequential(nn.Conv2d(2 * width, 4 * width, 3, stride=2, padding=1), nn.BatchNorm2d(4 * width), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.out_dim = 4 * width

    def forward(self, x):
        return self.pool(self.layer2(self.layer1(self.stem(x)))).flatten(1)


def load_pretrained(path):
    enc = Encoder()
    enc.load_state_dict(torch.load(path, map_location="cpu"))
    return enc
