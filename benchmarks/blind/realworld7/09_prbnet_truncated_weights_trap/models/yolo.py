import torch
import torch.nn as nn


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, k // 2, bias=False)
        self.bn = nn.BatchNorm2d(c2)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class PRBFPN(nn.Module):
    """Parallel residual bi-fusion neck over two scales."""

    def __init__(self, c):
        super().__init__()
        self.td = Conv(2 * c, c, 3)
        self.bu = Conv(2 * c, c, 3)
        self.down = Conv(c, c, 3, 2)

    def forward(self, p3, p4):
        up = nn.functional.interpolate(p4, scale_factor=2.0, mode='nearest')
        p3 = self.td(torch.cat([p3, up], 1)) + p3
        p4 = self.bu(torch.cat([p4, self.down(p3)], 1)) + p4
        return p3, p4


class Model(nn.Module):
    def __init__(self, nc=80, anchors=3):
        super().__init__()
        self.nc, self.na, self.no = nc, anchors, nc + 5
        self.backbone = nn.Sequential(Conv(3, 16, 3, 2), Conv(16, 32, 3, 2), Conv(32, 32, 3, 2))
        self.to_p4 = Conv(32, 32, 3, 2)
        self.neck = PRBFPN(32)
        self.detect = nn.ModuleList([nn.Conv2d(32, self.na * self.no, 1) for _ in range(2)])

    def forward(self, x):
        p3 = self.backbone(x)
        p4 = self.to_p4(p3)
        p3, p4 = self.neck(p3, p4)
        out = []
        for f, m in zip((p3, p4), self.detect):
            bs, _, ny, nx = f.shape
            out.append(m(f).view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous())
        return out
