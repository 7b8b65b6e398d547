import torch
import torch.nn as nn

from ..layers.conv_module import Convolutional


class CSPBlock(nn.Module):
    def __init__(self, in_channels, out_channels, hidden_channels=None, activate="Mish"):
        super(CSPBlock, self).__init__()
        if hidden_channels is None:
            hidden_channels = out_channels
        self.block = nn.Sequential(
            Convolutional(in_channels, hidden_channels, 1, activate=activate),
            Convolutional(hidden_channels, out_channels, 3, activate=activate),
        )

    def forward(self, x):
        residual = x
        out = self.block(x)
        out += residual
        return out


class CSPStage(nn.Module):
    def __init__(self, in_channels, out_channels, num_blocks, activate="Mish"):
        super(CSPStage, self).__init__()
        self.downsample_conv = Convolutional(in_channels, out_channels, 3, stride=2, activate=activate)
        self.split_conv0 = Convolutional(out_channels, out_channels // 2, 1, activate=activate)
        self.split_conv1 = Convolutional(out_channels, out_channels // 2, 1, activate=activate)
        self.blocks_conv = nn.Sequential(
            *[CSPBlock(out_channels // 2, out_channels // 2, activate=activate) for _ in range(num_blocks)]
        )
        self.concat_conv = Convolutional(out_channels, out_channels, 1, activate=activate)

    def forward(self, x):
        x = self.downsample_conv(x)
        x0 = self.split_conv0(x)
        x1 = self.split_conv1(x)
        x1 = self.blocks_conv(x1)
        x = torch.cat([x0, x1], dim=1)
        return self.concat_conv(x)


class CSPDarknet53(nn.Module):
    def __init__(self, stem_channels=8, feature_channels=(16, 32), num_blocks=(1, 2), activate="Mish"):
        super(CSPDarknet53, self).__init__()
        self.stem_conv = Convolutional(3, stem_channels, 3, activate=activate)
        stages = []
        c_in = stem_channels
        for c, n in zip(feature_channels, num_blocks):
            stages.append(CSPStage(c_in, c, n, activate=activate))
            c_in = c
        self.stages = nn.ModuleList(stages)
        self.feature_channels = feature_channels

    def forward(self, x):
        x = self.stem_conv(x)
        for stage in self.stages:
            x = stage(x)
        return x
