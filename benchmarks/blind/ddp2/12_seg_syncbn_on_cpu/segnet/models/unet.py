import torch
import torch.nn as nn


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class MiniUNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.enc1 = block(1, ch)
        self.enc2 = block(ch, ch * 2)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec = block(ch * 3, ch)
        self.out = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(self.pool(e1))
        return self.out(self.dec(torch.cat([e1, self.up(e2)], 1)))
