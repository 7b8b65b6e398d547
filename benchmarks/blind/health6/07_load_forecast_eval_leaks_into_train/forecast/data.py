import numpy as np
import torch
from torch.utils.data import TensorDataset


def load_curve(hours=1500, seed=11):
    rng = np.random.default_rng(seed)
    t = np.arange(hours)
    temp = 12 + 8 * np.sin(2 * np.pi * t / (24 * 365)) + 5 * np.sin(2 * np.pi * (t - 15) / 24) + rng.normal(0, 1, hours)
    load = 1.0 + 0.35 * np.sin(2 * np.pi * (t - 8) / 24) + 0.15 * np.sin(2 * np.pi * t / 168) \
        + 0.02 * np.abs(temp - 18) + rng.normal(0, 0.03, hours)
    return np.stack([load, (temp - 12) / 8, np.sin(2 * np.pi * t / 24), np.cos(2 * np.pi * t / 24)], 1).astype(np.float32)


def windows(series, lookback=48, horizon=12, stride=4):
    xs, ys = [], []
    for s in range(0, len(series) - lookback - horizon, stride):
        xs.append(series[s:s + lookback])
        ys.append(series[s + lookback:s + lookback + horizon, 0])
    return TensorDataset(torch.from_numpy(np.stack(xs)), torch.from_numpy(np.stack(ys)))
