import math

import torch
from torch.utils.data import TensorDataset


def seasonal_windows(n_series, context, horizon, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(context + horizon, dtype=torch.float32)
    period = torch.randint(6, 24, (n_series, 1), generator=g).float()
    amp = 0.5 + torch.rand(n_series, 1, generator=g)
    trend = 0.01 * torch.randn(n_series, 1, generator=g)
    y = amp * torch.sin(2 * math.pi * t / period) + trend * t
    y = y + 0.05 * torch.randn(y.shape, generator=g)
    return TensorDataset(y[:, :context].unsqueeze(1), y[:, context:])
