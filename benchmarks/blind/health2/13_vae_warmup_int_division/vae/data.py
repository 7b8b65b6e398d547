import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def swiss_roll_loader(n=1600, dim=16, batch_size=64, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = 1.5 * math.pi * (1 + 2 * torch.rand(n, generator=g))
    h = 2 * torch.rand(n, generator=g) - 1
    roll = torch.stack([t * torch.cos(t) / 10, h, t * torch.sin(t) / 10], dim=1)
    proj = torch.randn(3, dim, generator=g) / math.sqrt(3)
    x = roll @ proj + 0.05 * torch.randn(n, dim, generator=g)
    return DataLoader(TensorDataset(x), batch_size=batch_size, shuffle=True)
