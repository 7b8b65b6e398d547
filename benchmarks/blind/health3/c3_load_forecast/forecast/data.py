import math

import torch
from torch.utils.data import DataLoader, Dataset


def synth_load_curves(n_series, length, gen):
    t = torch.arange(length, dtype=torch.float32)
    daily = torch.sin(2 * math.pi * t / 24.0)
    weekly = torch.sin(2 * math.pi * t / (24.0 * 7))
    level = 1.0 + 0.5 * torch.rand(n_series, 1, generator=gen)
    amp = 0.3 + 0.4 * torch.rand(n_series, 1, generator=gen)
    series = level + amp * daily + 0.2 * weekly + 0.05 * torch.randn(n_series, length, generator=gen)
    hour = (t % 24) / 24.0
    covars = torch.stack([torch.sin(2 * math.pi * hour), torch.cos(2 * math.pi * hour)], dim=-1)
    return series, covars


class WindowDataset(Dataset):
    def __init__(self, series, covars, window, horizon, start, stop):
        self.series, self.covars = series, covars
        self.window, self.horizon = window, horizon
        self.index = [
            (s, t)
            for s in range(series.shape[0])
            for t in range(start, stop - window - horizon + 1, 6)
        ]

    def __len__(self):
        return len(self.index)

    def __getitem__(self, i):
        s, t = self.index[i]
        past = self.series[s, t : t + self.window].unsqueeze(-1)
        x = torch.cat([past, self.covars[t : t + self.window]], dim=-1)
        y = self.series[s, t + self.window : t + self.window + self.horizon]
        return x, y


def build_loaders(n_series, length, window, horizon, batch_size, seed=0):
    gen = torch.Generator().manual_seed(seed)
    series, covars = synth_load_curves(n_series, length, gen)
    split = int(length * 0.75)
    train = WindowDataset(series, covars, window, horizon, 0, split)
    val = WindowDataset(series, covars, window, horizon, split - window, length)
    return (
        DataLoader(train, batch_size=batch_size, shuffle=True),
        DataLoader(val, batch_size=256),
    )
