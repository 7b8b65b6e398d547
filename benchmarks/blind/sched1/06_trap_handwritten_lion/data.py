import math

import torch
from torch.utils.data import Dataset


class Spirals(Dataset):
    def __init__(self, n_per_class=200, n_classes=3, noise=0.15, seed=0):
        g = torch.Generator().manual_seed(seed)
        xs, ys = [], []
        for c in range(n_classes):
            r = torch.linspace(0.1, 1.0, n_per_class)
            t = torch.linspace(c * 2 * math.pi / n_classes, c * 2 * math.pi / n_classes + 4.0, n_per_class)
            t = t + noise * torch.randn(n_per_class, generator=g)
            xs.append(torch.stack([r * torch.sin(t), r * torch.cos(t)], dim=1))
            ys.append(torch.full((n_per_class,), c, dtype=torch.long))
        self.x = torch.cat(xs)
        self.y = torch.cat(ys)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
