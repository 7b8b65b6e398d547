import torch
import torch.nn as nn


def double_conv(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
    )


class SmallUNet(nn.Module):
    def __init__(self, base=16):
        super().__init__()
        self.down1 = double_conv(1, base)
        self.down2 = double_conv(base, 2 * base)
        self.pool = nn.MaxPool2d(2)
        self.bottom = double_conv(2 * base, 2 * base)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec2 = double_conv(4 * base, base)
        self.dec1 = double_conv(2 * base, base)
        self.out = nn.Conv2d(base, 1, 1)

    def forward(self, x):
        d1 = self.down1(x)
        d2 = self.down2(self.pool(d1))
        b = self.bottom(self.pool(d2))
        u2 = self.dec2(torch.cat([self.up(b), d2], dim=1))
        u1 = self.dec1(torch.cat([self.up(u2), d1], dim=1))
        return self.out(u1)
