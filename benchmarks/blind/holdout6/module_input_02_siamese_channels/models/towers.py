import torch
import torch.nn as nn
import torch.nn.functional as F


def _norm(kind, ch):
    if kind == "batch":
        return nn.BatchNorm2d(ch)
    if kind == "group":
        return nn.GroupNorm(8, ch)
    return nn.Identity()


class ConvTower(nn.Module):
    def __init__(self, in_channels, widths, embed_dim, norm="batch"):
        super().__init__()
        blocks, c = [], in_channels
        for w in widths:
            blocks += [nn.Conv2d(c, w, 3, padding=1, bias=norm == "none"), _norm(norm, w), nn.ReLU(inplace=True),
                       nn.MaxPool2d(2)]
            c = w
        self.features = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(c, embed_dim)

    def forward(self, x):
        h = self.pool(self.features(x)).flatten(1)
        return F.normalize(self.fc(h), dim=-1)


class SiameseNet(nn.Module):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def forward(self, a, b):
        za, zb = self.backbone(a), self.backbone(b)
        return za, zb, (za - zb).norm(dim=-1)
