import numpy as np
import torch
from torch.utils.data import Dataset


def load_energy_series(n_hours=2000, seed=0):
    """Synthetic hourly building load: daily + weekly seasonality, trend and noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(n_hours)
    daily = 10 * np.sin(2 * np.pi * t / 24 - 1.2)
    weekly = 4 * np.sin(2 * np.pi * t / (24 * 7))
    trend = 0.002 * t
    temp = 15 + 8 * np.sin(2 * np.pi * t / (24 * 365)) + rng.normal(0, 1.5, n_hours)
    load = 50 + daily + weekly + trend + 0.6 * (temp - 15) + rng.normal(0, 1.0, n_hours)
    return np.stack([load, temp], axis=1).astype(np.float32)


class SlidingWindowDataset(Dataset):
    """Input: `window` past steps of all channels. Target: channel `target_col` `horizon` steps after the window."""

    def __init__(self, series, window, horizon=1, target_col=0):
        self.series = series
        self.window = window
        self.horizon = horizon
        self.target_col = target_col

    def __len__(self):
        return len(self.series) - self.window - self.horizon + 1

    def __getitem__(self, i):
        x = self.series[i:i + self.window]
        y = self.series[i + self.window + self.horizon - 1, self.target_col]
        return torch.from_numpy(x), torch.tensor(y)
