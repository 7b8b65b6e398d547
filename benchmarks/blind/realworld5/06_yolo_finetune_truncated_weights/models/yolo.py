import torch
import torch.nn as nn


def autopad(k, p=None):
    return k // 2 if p is None else p


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1, p=None):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, autopad(k, p), bias=False)
        self.bn = nn.BatchNorm2d(c2)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class C2f(nn.Module):
    def __init__(self, c1, c2, n=1):
        super().__init__()
        self.c = c2 // 2
        self.cv1 = Conv(c1, 2 * self.c, 1, 1)
        self.cv2 = Conv((2 + n) * self.c, c2, 1)
        self.m = nn.ModuleList(nn.Sequential(Conv(self.c, self.c, 3), Conv(self.c, self.c, 3)) for _ in range(n))

    def forward(self, x):
        y = list(self.cv1(x).chunk(2, 1))
        y.extend(m(y[-1]) for m in self.m)
        return self.cv2(torch.cat(y, 1))


class DetectionModel(nn.Module):
    def __init__(self, nc=80, width=16):
        super().__init__()
        self.nc = nc
        w = width
        self.model = nn.Sequential(
            Conv(3, w, 3, 2), Conv(w, 2 * w, 3, 2), C2f(2 * w, 2 * w),
            Conv(2 * w, 4 * w, 3, 2), C2f(4 * w, 4 * w), Conv(4 * w, 8 * w, 3, 2), C2f(8 * w, 8 * w))
        self.detect = nn.Conv2d(8 * w, 4 + 1 + nc, 1)

    def forward(self, x):
        return self.detect(self.model(x))
