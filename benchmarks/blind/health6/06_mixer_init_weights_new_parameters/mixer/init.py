import math

import torch
import torch.nn as nn


def trunc_normal(shape, std=0.02):
    t = torch.empty(shape)
    nn.init.trunc_normal_(t, std=std, a=-2 * std, b=2 * std)
    return t


def init_weights(m):
    if isinstance(m, nn.Linear):
        m.weight = nn.Parameter(trunc_normal(m.weight.shape, std=0.02))
        if m.bias is not None:
            m.bias = nn.Parameter(torch.zeros_like(m.bias))
    elif isinstance(m, nn.Conv2d):
        fan_out = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
        m.weight = nn.Parameter(torch.randn_like(m.weight) * math.sqrt(2.0 / fan_out))
        if m.bias is not None:
            m.bias = nn.Parameter(torch.zeros_like(m.bias))
    elif isinstance(m, nn.LayerNorm):
        m.weight = nn.Parameter(torch.ones_like(m.weight))
        m.bias = nn.Parameter(torch.zeros_like(m.bias))
