import math

import numpy as np
import torch
from torch.utils.data import Dataset


def make_series(n=900, seed=3):
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    series = np.sin(2 * math.pi * t / 50) + 0.5 * np.sin(2 * math.pi * t / 13) + 0.1 * rng.normal(size=n)
    return series.astype(np.float32)


class MinMaxScaler:
    def fit(self, x):
        self.min, self.max = x.min(), x.max()
        return self

    def transform(self, x):
        return (x - self.min) / (self.max - self.min)

    def inverse_transform(self, x):
        return x * (self.max - self.min) + self.min


class SlidingWindow(Dataset):
    def __init__(self, series, lookback=30):
        self.series = torch.tensor(series, dtype=torch.float32)
        self.lookback = lookback

    def __len__(self):
        return len(self.series) - self.lookback

    def __getitem__(self, i):
        x = self.series[i:i + self.lookback].unsqueeze(-1)
        y = self.series[i + self.lookback].unsqueeze(0)
        return x, y
