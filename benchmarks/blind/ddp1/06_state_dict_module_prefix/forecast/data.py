import math

import torch
from torch.utils.data import TensorDataset


def sine_windows(n, window, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(window + 1).float()
    period = torch.rand(n, 1, generator=g) * 10 + 6
    phase = torch.rand(n, 1, generator=g) * 2 * math.pi
    series = torch.sin(2 * math.pi * t / period + phase) + 0.05 * torch.randn(n, window + 1, generator=g)
    return TensorDataset(series[:, :window, None], series[:, window:])
