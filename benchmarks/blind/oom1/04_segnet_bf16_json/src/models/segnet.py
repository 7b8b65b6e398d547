import torch
import torch.nn as nn
import torch.nn.functional as F


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.GELU())


class MiniSegNet(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.enc1 = block(3, c)
        self.enc2 = block(c, 2 * c)
        self.mid = block(2 * c, 2 * c)
        self.dec1 = block(2 * c + c, c)
        self.out = nn.Conv2d(c, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)                       # full resolution
        e2 = self.enc2(F.max_pool2d(e1, 4))     # 1/4
        m = self.mid(e2)
        up = F.interpolate(m, scale_factor=4, mode="nearest")
        return self.out(self.dec1(torch.cat([up, e1], dim=1)))
