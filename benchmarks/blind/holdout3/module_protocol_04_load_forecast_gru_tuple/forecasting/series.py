import numpy as np
import torch
from torch.utils.data import Dataset


def synthetic_load(hours=24 * 40, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(hours)
    daily = np.sin(2 * np.pi * t / 24 - np.pi / 2)
    weekly = 0.4 * (t // 24 % 7 >= 5)
    temp = 10 + 8 * np.sin(2 * np.pi * t / (24 * 365)) + rng.normal(0, 2, hours)
    load = 50 + 12 * daily - 6 * weekly + 0.6 * np.abs(temp - 18) + rng.normal(0, 1.5, hours)
    hour_sin, hour_cos = np.sin(2 * np.pi * t / 24), np.cos(2 * np.pi * t / 24)
    return np.stack([load, temp, hour_sin, hour_cos], axis=1).astype(np.float32)


class WindowDataset(Dataset):
    def __init__(self, data, history, horizon, mean, std):
        self.data = (data - mean) / std
        self.history, self.horizon = history, horizon

    def __len__(self):
        return len(self.data) - self.history - self.horizon + 1

    def __getitem__(self, i):
        x = self.data[i:i + self.history]
        y = self.data[i + self.history:i + self.history + self.horizon, 0]
        return torch.from_numpy(x), torch.from_numpy(y)
