import torch
import torch.nn as nn


def double_conv(in_ch, out_ch):
    return nn.Sequential(
        nn.Conv2d(in_ch, out_ch, 3, padding=1), nn.BatchNorm2d(out_ch), nn.ReLU(inplace=True),
        nn.Conv2d(out_ch, out_ch, 3, padding=1), nn.BatchNorm2d(out_ch), nn.ReLU(inplace=True),
    )


class UNet(nn.Module):
    def __init__(self, in_ch=1, out_ch=3, base=8):
        super().__init__()
        self.inc = double_conv(in_ch, base)
        self.down = nn.Sequential(nn.MaxPool2d(2), double_conv(base, base * 2))
        self.up = nn.ConvTranspose2d(base * 2, base, 2, stride=2)
        self.dec = double_conv(base * 2, base)
        self.outc = nn.Conv2d(base, out_ch, 1)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down(x1)
        x = self.dec(torch.cat([self.up(x2), x1], dim=1))
        return self.outc(x)
