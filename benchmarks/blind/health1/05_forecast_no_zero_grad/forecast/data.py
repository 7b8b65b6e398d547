import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def synthetic_series(length, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length, dtype=torch.float32)
    series = (
        torch.sin(2 * math.pi * t / 24)
        + 0.5 * torch.sin(2 * math.pi * t / 168)
        + 0.1 * torch.randn(length, generator=g)
    )
    return series


def make_windows(series, window, horizon):
    xs, ys = [], []
    for start in range(len(series) - window - horizon + 1):
        xs.append(series[start:start + window])
        ys.append(series[start + window:start + window + horizon])
    return torch.stack(xs), torch.stack(ys)


def get_loaders(window=48, horizon=6, batch_size=32, seed=0):
    series = synthetic_series(1400, seed)
    split = 1100
    x_tr, y_tr = make_windows(series[:split], window, horizon)
    x_va, y_va = make_windows(series[split:], window, horizon)
    train = DataLoader(TensorDataset(x_tr, y_tr), batch_size=batch_size, shuffle=True)
    val = DataLoader(TensorDataset(x_va, y_va), batch_size=batch_size)
    return train, val
