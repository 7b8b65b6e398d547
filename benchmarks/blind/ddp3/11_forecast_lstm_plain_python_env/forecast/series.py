import math

import torch
from torch.utils.data import Dataset


class LoadWindows(Dataset):
    def __init__(self, hours=24 * 28, window=48, horizon=12, seed=5):
        g = torch.Generator().manual_seed(seed)
        t = torch.arange(hours, dtype=torch.float)
        load = (10 + 3 * torch.sin(2 * math.pi * t / 24) + 1.5 * torch.sin(2 * math.pi * t / (24 * 7))
                + 0.3 * torch.randn(hours, generator=g))
        self.load = (load - load.mean()) / load.std()
        self.window, self.horizon = window, horizon

    def __len__(self):
        return len(self.load) - self.window - self.horizon

    def __getitem__(self, i):
        x = self.load[i:i + self.window].unsqueeze(-1)
        y = self.load[i + self.window:i + self.window + self.horizon]
        return x, y
