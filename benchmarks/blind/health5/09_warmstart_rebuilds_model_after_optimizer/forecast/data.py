import math
import torch
from torch.utils.data import TensorDataset


def load_windows(n_series, window, horizon, seed):
    """Hourly load curves of feeder substations (daily cycle + trend + noise), already scaled."""
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(window + horizon).float()
    amp = 0.5 + torch.rand(n_series, 1, generator=g)
    phase = 2 * math.pi * torch.rand(n_series, 1, generator=g)
    trend = 0.01 * torch.randn(n_series, 1, generator=g)
    level = 2.0 + 0.5 * torch.randn(n_series, 1, generator=g)
    y = level + amp * torch.sin(2 * math.pi * t / 24 + phase) + trend * t
    y = y + 0.05 * torch.randn(y.shape, generator=g)
    return TensorDataset(y[:, :window].unsqueeze(-1), y[:, window:])
