import numpy as np
import torch
from torch.utils.data import Dataset


def synth_load_curve(n_days, seed):
    """Hourly electricity load with daily + weekly seasonality, temperature effect and noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(n_days * 24)
    daily = 0.6 * np.sin(2 * np.pi * (t % 24 - 7) / 24)
    weekly = 0.2 * np.sin(2 * np.pi * t / (24 * 7))
    temp = 15 + 8 * np.sin(2 * np.pi * t / (24 * 365)) + rng.normal(0, 1.5, t.size)
    load = 3.0 + daily + weekly + 0.03 * np.abs(temp - 18) + rng.normal(0, 0.08, t.size)
    return np.stack([load, temp, (t % 24) / 23.0, (t // 24 % 7) / 6.0], axis=1).astype(np.float32)


class Standardizer:
    def fit(self, x):
        self.mean = x.mean(0, keepdims=True)
        self.std = x.std(0, keepdims=True) + 1e-6
        return self

    def transform(self, x):
        return (x - self.mean) / self.std


class WindowDataset(Dataset):
    """(lookback x features) history -> next `horizon` load values."""

    def __init__(self, series, lookback, horizon):
        self.series = torch.from_numpy(series)
        self.lookback, self.horizon = lookback, horizon

    def __len__(self):
        return len(self.series) - self.lookback - self.horizon + 1

    def __getitem__(self, i):
        hist = self.series[i:i + self.lookback]
        future = self.series[i + self.lookback:i + self.lookback + self.horizon, 0]
        return hist, future


def make_datasets(cfg, seed):
    series = synth_load_curve(cfg.n_days, seed)
    cut = (cfg.n_days - cfg.val_days) * 24
    scaler = Standardizer().fit(series[:cut])
    series = scaler.transform(series)
    train = WindowDataset(series[:cut], cfg.lookback, cfg.horizon)
    val = WindowDataset(series[cut - cfg.lookback:], cfg.lookback, cfg.horizon)
    return train, val, scaler
