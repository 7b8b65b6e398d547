import torch
import torch.nn as nn

from .utils import zero_border


class SpatialAttention(nn.Module):
    def __init__(self, channels, polish=True):
        super().__init__()
        self.conv = nn.Conv2d(channels, 1, kernel_size=7, padding=3)
        self.polish = polish

    def forward(self, x):
        att = torch.sigmoid(self.conv(x))
        if self.polish:
            att = zero_border(att)
        return x * att
