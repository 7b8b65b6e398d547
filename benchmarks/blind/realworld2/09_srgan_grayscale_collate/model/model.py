import math

import torch
from torch import nn


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super(ResidualBlock, self).__init__()
        self.conv1 = nn.Conv2d(channels, channels, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm2d(channels)
        self.prelu = nn.PReLU()
        self.conv2 = nn.Conv2d(channels, channels, kernel_size=3, padding=1)
        self.bn2 = nn.BatchNorm2d(channels)

    def forward(self, x):
        residual = self.prelu(self.bn1(self.conv1(x)))
        residual = self.bn2(self.conv2(residual))
        return x + residual


class UpsampleBLock(nn.Module):
    def __init__(self, in_channels, up_scale):
        super(UpsampleBLock, self).__init__()
        self.conv = nn.Conv2d(in_channels, in_channels * up_scale ** 2, kernel_size=3, padding=1)
        self.pixel_shuffle = nn.PixelShuffle(up_scale)
        self.prelu = nn.PReLU()

    def forward(self, x):
        return self.prelu(self.pixel_shuffle(self.conv(x)))


class Generator(nn.Module):
    def __init__(self, scale_factor, n_blocks=2, ch=32):
        upsample_block_num = int(math.log(scale_factor, 2))
        super(Generator, self).__init__()
        self.block1 = nn.Sequential(nn.Conv2d(3, ch, kernel_size=9, padding=4), nn.PReLU())
        self.blocks = nn.Sequential(*[ResidualBlock(ch) for _ in range(n_blocks)])
        self.block7 = nn.Sequential(nn.Conv2d(ch, ch, kernel_size=3, padding=1), nn.BatchNorm2d(ch))
        block8 = [UpsampleBLock(ch, 2) for _ in range(upsample_block_num)]
        block8.append(nn.Conv2d(ch, 3, kernel_size=9, padding=4))
        self.block8 = nn.Sequential(*block8)

    def forward(self, x):
        block1 = self.block1(x)
        block7 = self.block7(self.blocks(block1))
        block8 = self.block8(block1 + block7)
        return (torch.tanh(block8) + 1) / 2
