import math

import torch
from torch.utils.data import TensorDataset


def spirals(n_per_class=300, classes=3, noise=0.15, seed=0):
    g = torch.Generator().manual_seed(seed)
    xs, ys = [], []
    for c in range(classes):
        r = torch.linspace(0.1, 1.0, n_per_class)
        theta = torch.linspace(c * 2 * math.pi / classes, c * 2 * math.pi / classes + 3.5, n_per_class)
        theta = theta + noise * torch.randn(n_per_class, generator=g)
        xs.append(torch.stack([r * torch.cos(theta), r * torch.sin(theta)], dim=1))
        ys.append(torch.full((n_per_class,), c, dtype=torch.long))
    return TensorDataset(torch.cat(xs), torch.cat(ys))
