import numpy as np
import torch
from torch.utils.data import Dataset


def calendar_features(n, start_hour=0):
    h = (np.arange(n) + start_hour) % 24
    d = ((np.arange(n) + start_hour) // 24) % 7
    return np.column_stack([
        np.sin(2 * np.pi * h / 24), np.cos(2 * np.pi * h / 24),
        np.sin(2 * np.pi * d / 7), np.cos(2 * np.pi * d / 7),
    ])


class Scaler:
    def fit(self, x):
        self.mean = x.mean(axis=0)
        self.std = x.std(axis=0) + 1e-8
        return self

    def transform(self, x):
        return (x - self.mean) / self.std


class SlidingWindows(Dataset):
    """(lookback x features) -> next `horizon` values of the load column."""

    def __init__(self, values, lookback=48, horizon=12):
        self.values = values
        self.lookback = lookback
        self.horizon = horizon

    def __len__(self):
        return len(self.values) - self.lookback - self.horizon + 1

    def __getitem__(self, i):
        x = self.values[i:i + self.lookback]
        y = self.values[i + self.lookback:i + self.lookback + self.horizon, 0]
        return torch.from_numpy(x), torch.from_numpy(y)


def build_datasets(raw, lookback, horizon, val_frac=0.2):
    feats = np.column_stack([raw, calendar_features(len(raw))])
    split = int(len(feats) * (1 - val_frac))
    scaler = Scaler().fit(feats[:split])
    scaled = scaler.transform(feats)
    train = SlidingWindows(scaled[:split], lookback, horizon)
    val = SlidingWindows(scaled[split - lookback:], lookback, horizon)
    return train, val, scaler
