import numpy as np
import torch
from torch.utils.data import Dataset


def synthetic_load_curve(n_hours, seed):
    rng = np.random.default_rng(seed)
    t = np.arange(n_hours)
    hour = t % 24
    temperature = 12 + 8 * np.sin(2 * np.pi * t / (24 * 365)) + 4 * np.sin(2 * np.pi * (hour - 9) / 24)
    temperature += rng.normal(0, 1.0, n_hours)
    daily = 0.6 + 0.3 * np.sin(2 * np.pi * (hour - 7) / 24)
    load = 100 * daily + 1.5 * np.abs(temperature - 18) + rng.normal(0, 3.0, n_hours)
    return {
        "load": load,
        "temperature": temperature,
        "hour_sin": np.sin(2 * np.pi * hour / 24),
        "hour_cos": np.cos(2 * np.pi * hour / 24),
    }


def build_frame(cfg, seed):
    cols = synthetic_load_curve(cfg["n_hours"], seed)
    x = np.stack([cols[name] for name in cfg["features"]], axis=1).astype(np.float32)
    mean, std = x.mean(0, keepdims=True), x.std(0, keepdims=True) + 1e-6
    x = (x - mean) / std
    target_col = cfg["features"].index(cfg["target"])
    return x, target_col


class WindowDataset(Dataset):
    def __init__(self, x, target_col, window, horizon):
        self.x = torch.from_numpy(x)
        self.target_col = target_col
        self.window = window
        self.horizon = horizon

    def __len__(self):
        return len(self.x) - self.window - self.horizon + 1

    def __getitem__(self, i):
        past = self.x[i:i + self.window]
        future = self.x[i + self.window:i + self.window + self.horizon, self.target_col]
        return past, future
