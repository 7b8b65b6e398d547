import math

import numpy as np
import torch
from torch.utils.data import Dataset


def synthetic_load(n_hours=24 * 120, seed=7):
    rng = np.random.default_rng(seed)
    t = np.arange(n_hours)
    daily = 0.6 * np.sin(2 * math.pi * t / 24 - 1.3)
    weekly = 0.25 * np.sin(2 * math.pi * t / (24 * 7))
    trend = 0.0005 * t
    return (1.5 + daily + weekly + trend + 0.08 * rng.normal(size=n_hours)).astype(np.float32)


class WindowDataset(Dataset):
    def __init__(self, series, lookback=48, horizon=24):
        self.x = torch.from_numpy(series)
        self.lookback, self.horizon = lookback, horizon
        self.mean, self.std = self.x.mean(), self.x.std()

    def __len__(self):
        return len(self.x) - self.lookback - self.horizon

    def __getitem__(self, i):
        seg = (self.x[i : i + self.lookback + self.horizon] - self.mean) / self.std
        return seg[: self.lookback].unsqueeze(-1), seg[self.lookback :]
