import math

import torch
from torch.utils.data import TensorDataset


def load_windows(n, length, horizon, seed):
    """Hourly electricity load: daily + weekly seasonality, trend and noise. Predict the next `horizon` hours."""
    g = torch.Generator().manual_seed(seed)
    t0 = torch.randint(0, 10_000, (n, 1), generator=g).float()
    t = t0 + torch.arange(length + horizon).float()
    level = 1 + 0.5 * torch.rand(n, 1, generator=g)
    y = level * (1 + 0.3 * torch.sin(2 * math.pi * t / 24) + 0.1 * torch.sin(2 * math.pi * t / 168))
    y = y + 0.05 * torch.randn(y.shape, generator=g)
    return TensorDataset(y[:, None, :length], y[:, length:])
