import torch
import torch.nn as nn


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
                         nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class MiniUNet(nn.Module):
    def __init__(self, base_channels=8):
        super().__init__()
        c = base_channels
        self.enc1, self.enc2 = block(1, c), block(c, 2 * c)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.ConvTranspose2d(2 * c, c, 2, stride=2)
        self.dec = block(2 * c, c)
        self.out = nn.Conv2d(c, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(self.pool(e1))
        return self.out(self.dec(torch.cat([self.up(e2), e1], 1)))
