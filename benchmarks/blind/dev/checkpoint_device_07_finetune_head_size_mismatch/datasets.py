import math

import torch
from torch.utils.data import TensorDataset


def make_windows(n, num_classes, length=64, channels=3, seed=0):
    """Synthetic accelerometer windows: each class has its own frequency mix."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    t = torch.linspace(0, 2 * math.pi, length)
    freqs = 1.0 + y.float()[:, None, None] * 0.7
    phase = torch.rand(n, channels, 1, generator=g) * 2 * math.pi
    x = torch.sin(freqs * t + phase) + 0.3 * torch.randn(n, channels, length, generator=g)
    return TensorDataset(x, y)
