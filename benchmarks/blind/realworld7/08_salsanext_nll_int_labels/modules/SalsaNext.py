import torch
import torch.nn as nn
import torch.nn.functional as F


class ResContextBlock(nn.Module):
    def __init__(self, in_filters, out_filters):
        super(ResContextBlock, self).__init__()
        self.conv1 = nn.Conv2d(in_filters, out_filters, kernel_size=(1, 1), stride=1)
        self.act1 = nn.LeakyReLU()
        self.conv2 = nn.Conv2d(out_filters, out_filters, (3, 3), padding=1)
        self.act2 = nn.LeakyReLU()
        self.bn1 = nn.BatchNorm2d(out_filters)

    def forward(self, x):
        shortcut = self.act1(self.conv1(x))
        resA = self.bn1(self.act2(self.conv2(shortcut)))
        return shortcut + resA


class SalsaNext(nn.Module):
    def __init__(self, nclasses):
        super(SalsaNext, self).__init__()
        self.nclasses = nclasses
        self.downCntx = ResContextBlock(4, 16)
        self.down1 = nn.Sequential(nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.LeakyReLU(), nn.BatchNorm2d(32))
        self.down2 = nn.Sequential(nn.Conv2d(32, 64, 3, stride=2, padding=1), nn.LeakyReLU(), nn.BatchNorm2d(64))
        self.up1 = nn.Sequential(nn.Conv2d(64 + 32, 32, 3, padding=1), nn.LeakyReLU(), nn.BatchNorm2d(32))
        self.up2 = nn.Sequential(nn.Conv2d(32 + 16, 16, 3, padding=1), nn.LeakyReLU(), nn.BatchNorm2d(16))
        self.logits = nn.Conv2d(16, nclasses, kernel_size=(1, 1))

    def forward(self, x):
        c = self.downCntx(x)
        d1 = self.down1(c)
        d2 = self.down2(d1)
        u1 = self.up1(torch.cat([F.interpolate(d2, size=d1.shape[-2:]), d1], 1))
        u2 = self.up2(torch.cat([F.interpolate(u1, size=c.shape[-2:]), c], 1))
        return F.softmax(self.logits(u2), dim=1)
