import torch
import torch.nn as nn


def autopad(k, p=None):
    return k // 2 if p is None else p


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, autopad(k), bias=False)
        self.bn = nn.BatchNorm2d(c2)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class Detect(nn.Module):
    def __init__(self, nc, anchors, ch, stride):
        super().__init__()
        self.nc = nc
        self.no = nc + 5
        self.na = len(anchors)
        self.register_buffer('anchors', torch.tensor(anchors, dtype=torch.float32) / stride)
        self.stride = stride
        self.m = nn.Conv2d(ch, self.no * self.na, 1)

    def forward(self, x):
        x = self.m(x)
        bs, _, ny, nx = x.shape
        return [x.view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()]


class Model(nn.Module):
    def __init__(self, nc, anchors, stride=8):
        super().__init__()
        self.backbone = nn.Sequential(Conv(3, 16, 3, 2), Conv(16, 32, 3, 2), Conv(32, 64, 3, 2), Conv(64, 64, 3, 1))
        self.detect = Detect(nc, anchors, 64, stride)
        self.hyp = {'box': 0.05, 'obj': 1.0, 'cls': 0.5, 'anchor_t': 4.0}

    def forward(self, x):
        return self.detect(self.backbone(x))
