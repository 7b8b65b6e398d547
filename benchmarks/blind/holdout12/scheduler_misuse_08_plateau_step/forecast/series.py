import numpy as np
import torch
from torch.utils.data import Dataset


def synthetic_load_curve(hours=24 * 60, seed=3):
    rng = np.random.default_rng(seed)
    t = np.arange(hours)
    daily = 10 * np.sin(2 * np.pi * t / 24)
    weekly = 4 * np.sin(2 * np.pi * t / (24 * 7))
    trend = 0.002 * t
    return (50 + daily + weekly + trend + rng.normal(0, 1.5, hours)).astype(np.float32)


class WindowDataset(Dataset):
    def __init__(self, series, window, horizon, mean, std):
        self.x = torch.from_numpy((series - mean) / std)
        self.window, self.horizon = window, horizon

    def __len__(self):
        return len(self.x) - self.window - self.horizon + 1

    def __getitem__(self, i):
        past = self.x[i:i + self.window]
        future = self.x[i + self.window:i + self.window + self.horizon]
        return past.unsqueeze(0), future
