import torch
import torch.nn as nn


def conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TinySegNet(nn.Module):
    def __init__(self, n_classes, width=16):
        super().__init__()
        self.enc = nn.Sequential(conv_bn(3, width), conv_bn(width, width))
        self.down = nn.Sequential(nn.MaxPool2d(2), conv_bn(width, 2 * width))
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.head = nn.Conv2d(3 * width, n_classes, 1)

    def forward(self, x):
        e = self.enc(x)
        d = self.up(self.down(e))
        return self.head(torch.cat([e, d], dim=1))
