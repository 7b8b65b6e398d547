import math

import torch
from torch.utils.data import Dataset


def synth_load(n_series, length, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length, dtype=torch.float32)
    daily = torch.sin(2 * math.pi * t / 24)
    weekly = torch.sin(2 * math.pi * t / (24 * 7))
    level = 1 + torch.rand(n_series, 1, generator=g)
    amp = 0.3 + 0.4 * torch.rand(n_series, 1, generator=g)
    trend = 1e-4 * torch.randn(n_series, 1, generator=g) * t
    noise = 0.05 * torch.randn(n_series, length, generator=g)
    return level + amp * daily + 0.2 * weekly + trend + noise, t


def calendar_features(t, names):
    feats = {
        "hour_sin": torch.sin(2 * math.pi * (t % 24) / 24),
        "hour_cos": torch.cos(2 * math.pi * (t % 24) / 24),
        "dow_sin": torch.sin(2 * math.pi * (t // 24 % 7) / 7),
        "dow_cos": torch.cos(2 * math.pi * (t // 24 % 7) / 7),
    }
    return torch.stack([feats[n] for n in names], dim=-1)


class WindowDataset(Dataset):
    def __init__(self, values, covs, lookback, horizon, stride, start, end):
        self.values, self.covs = values, covs
        self.lookback, self.horizon = lookback, horizon
        self.index = [(s, i) for s in range(values.size(0))
                      for i in range(start, end - lookback - horizon + 1, stride)]

    def __len__(self):
        return len(self.index)

    def __getitem__(self, k):
        s, i = self.index[k]
        past = self.values[s, i:i + self.lookback]
        scale = past.abs().mean().clamp(min=1e-3)
        x = torch.cat([(past / scale).unsqueeze(-1), self.covs[i:i + self.lookback]], dim=-1)
        y = self.values[s, i + self.lookback:i + self.lookback + self.horizon] / scale
        return x, y
