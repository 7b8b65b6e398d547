import math

import torch
from torch.utils.data import Dataset


def synthetic_load_curve(n_hours: int, seed: int = 0) -> torch.Tensor:
    """Hourly electricity-load-like signal: daily + weekly seasonality, trend and noise. Shape (T, 3)."""
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n_hours, dtype=torch.float32)
    load = 10 + 3 * torch.sin(2 * math.pi * t / 24) + 1.5 * torch.sin(2 * math.pi * t / 168) + 0.002 * t
    load = load + 0.3 * torch.randn(n_hours, generator=g)
    hour = torch.sin(2 * math.pi * (t % 24) / 24)
    weekday = torch.cos(2 * math.pi * (t % 168) / 168)
    return torch.stack([load, hour, weekday], dim=1)


class WindowDataset(Dataset):
    def __init__(self, series: torch.Tensor, lookback: int, horizon: int):
        self.series = series
        self.lookback = lookback
        self.horizon = horizon
        mu, sd = series[:, 0].mean(), series[:, 0].std()
        self.series = series.clone()
        self.series[:, 0] = (series[:, 0] - mu) / sd

    def __len__(self):
        return len(self.series) - self.lookback - self.horizon + 1

    def __getitem__(self, i):
        past = self.series[i:i + self.lookback]
        future = self.series[i + self.lookback:i + self.lookback + self.horizon, 0]
        return past, future
