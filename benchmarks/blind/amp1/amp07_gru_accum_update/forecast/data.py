import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def synthetic_series(n_series=12, length=120, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length, dtype=torch.float32)
    period = 10 + 30 * torch.rand(n_series, 1, generator=g)
    trend = 0.002 * torch.randn(n_series, 1, generator=g) * t
    season = torch.sin(2 * math.pi * t / period + 6.28 * torch.rand(n_series, 1, generator=g))
    return season + trend + 0.05 * torch.randn(n_series, length, generator=g)


def windows(series, window, horizon, stride=8):
    xs, ys = [], []
    for s in series:
        for start in range(0, s.numel() - window - horizon, stride):
            xs.append(s[start:start + window])
            ys.append(s[start + window:start + window + horizon])
    return torch.stack(xs).unsqueeze(-1), torch.stack(ys)


def build_loaders(window, horizon, batch_size):
    series = synthetic_series()
    split = int(0.8 * series.size(0))
    xtr, ytr = windows(series[:split], window, horizon)
    xva, yva = windows(series[split:], window, horizon, stride=16)
    return (DataLoader(TensorDataset(xtr, ytr), batch_size=batch_size, shuffle=True, drop_last=True),
            DataLoader(TensorDataset(xva, yva), batch_size=64))
