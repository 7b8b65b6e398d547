import math

import torch
from torch import nn
from torch.nn import functional as F


class EqualLinear(nn.Module):
    def __init__(self, in_channels, out_channels, bias=True, lr_mul=1, activation=None):
        super(EqualLinear, self).__init__()
        self.weight = nn.Parameter(torch.randn(out_channels, in_channels).div_(lr_mul))
        self.bias = nn.Parameter(torch.zeros(out_channels)) if bias else None
        self.scale = (1 / math.sqrt(in_channels)) * lr_mul
        self.lr_mul = lr_mul
        self.activation = activation

    def forward(self, x):
        bias = self.bias * self.lr_mul if self.bias is not None else None
        out = F.linear(x, self.weight * self.scale, bias=bias)
        if self.activation == 'fused_lrelu':
            out = F.leaky_relu(out, 0.2) * math.sqrt(2)
        return out


class ConvLayer(nn.Sequential):
    def __init__(self, in_channels, out_channels, kernel_size, downsample=False, activate=True):
        layers = []
        if downsample:
            layers.append(nn.AvgPool2d(2))
        layers.append(nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2))
        if activate:
            layers.append(nn.LeakyReLU(0.2))
        super(ConvLayer, self).__init__(*layers)


class ResBlock(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(ResBlock, self).__init__()
        self.conv1 = ConvLayer(in_channels, in_channels, 3)
        self.conv2 = ConvLayer(in_channels, out_channels, 3, downsample=True)
        self.skip = ConvLayer(in_channels, out_channels, 1, downsample=True, activate=False)

    def forward(self, x):
        out = self.conv2(self.conv1(x))
        return (out + self.skip(x)) / math.sqrt(2)


class StyleGAN2Discriminator(nn.Module):
    """StyleGAN2 Discriminator.

    Args:
        out_size (int): The spatial size of outputs (and inputs of the discriminator).
        channel_multiplier (int): Channel multiplier for large networks of StyleGAN2.
    """

    def __init__(self, out_size, channel_multiplier=1, stddev_group=4):
        super(StyleGAN2Discriminator, self).__init__()
        channels = {'4': 64, '8': 64, '16': 64, '32': 32 * channel_multiplier,
                    '64': 16 * channel_multiplier, '128': 16 * channel_multiplier}
        log_size = int(math.log(out_size, 2))
        conv_body = [ConvLayer(3, channels[f'{out_size}'], 1)]
        in_channels = channels[f'{out_size}']
        for i in range(log_size, 2, -1):
            out_channels = channels[f'{2**(i - 1)}']
            conv_body.append(ResBlock(in_channels, out_channels))
            in_channels = out_channels
        self.conv_body = nn.Sequential(*conv_body)
        self.final_conv = ConvLayer(in_channels + 1, channels['4'], 3)
        self.final_linear = nn.Sequential(
            EqualLinear(channels['4'] * 4 * 4, channels['4'], bias=True, activation='fused_lrelu'),
            EqualLinear(channels['4'], 1, bias=True, activation=None),
        )
        self.stddev_group = stddev_group
        self.stddev_feat = 1

    def forward(self, x):
        out = self.conv_body(x)
        b, c, h, w = out.shape
        group = min(b, self.stddev_group)
        stddev = out.view(group, -1, self.stddev_feat, c // self.stddev_feat, h, w)
        stddev = torch.sqrt(stddev.var(0, unbiased=False) + 1e-8)
        stddev = stddev.mean([2, 3, 4], keepdims=True).squeeze(2)
        stddev = stddev.repeat(group, 1, h, w)
        out = torch.cat([out, stddev], 1)
        out = self.final_conv(out)
        out = out.view(b, -1)
        return self.final_linear(out)


class StyleGAN2Generator(nn.Module):
    """Cut-down style-modulated generator: mapping MLP + AdaIN-style modulated upsampling convs."""

    def __init__(self, out_size, num_style_feat=64, num_mlp=2, channel_multiplier=1):
        super(StyleGAN2Generator, self).__init__()
        self.num_style_feat = num_style_feat
        mapping = []
        for _ in range(num_mlp):
            mapping.append(EqualLinear(num_style_feat, num_style_feat, lr_mul=0.01, activation='fused_lrelu'))
        self.style_mlp = nn.Sequential(*mapping)
        self.constant_input = nn.Parameter(torch.randn(1, 64, 4, 4))
        self.log_size = int(math.log(out_size, 2))
        self.convs = nn.ModuleList()
        self.mods = nn.ModuleList()
        in_ch = 64
        for i in range(3, self.log_size + 1):
            out_ch = max(16, 64 // (2 ** (i - 3)) * channel_multiplier)
            self.convs.append(nn.Conv2d(in_ch, out_ch, 3, padding=1))
            self.mods.append(EqualLinear(num_style_feat, out_ch))
            in_ch = out_ch
        self.to_rgb = nn.Conv2d(in_ch, 3, 1)

    def forward(self, styles):
        w = self.style_mlp(styles)
        out = self.constant_input.repeat(styles.shape[0], 1, 1, 1)
        for conv, mod in zip(self.convs, self.mods):
            out = F.interpolate(out, scale_factor=2, mode='bilinear', align_corners=False)
            out = conv(out) * (1 + mod(w))[:, :, None, None]
            out = F.leaky_relu(out, 0.2)
        return torch.tanh(self.to_rgb(out))
