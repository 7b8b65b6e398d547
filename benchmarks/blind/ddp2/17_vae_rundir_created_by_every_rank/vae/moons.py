import math

import torch
from torch.utils.data import TensorDataset


def two_moons(n=1024, noise=0.08, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.rand(n, generator=g) * math.pi
    upper = torch.rand(n, generator=g) < 0.5
    x = torch.where(upper, torch.cos(t), 1 - torch.cos(t))
    y = torch.where(upper, torch.sin(t), 0.5 - torch.sin(t))
    pts = torch.stack([x, y], 1) + noise * torch.randn(n, 2, generator=g)
    return TensorDataset(pts)
