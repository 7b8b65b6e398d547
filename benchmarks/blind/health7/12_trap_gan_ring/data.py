import math

import torch
from torch.utils.data import TensorDataset


def ring_of_gaussians(n, modes=8, radius=2.0, std=0.05, seed=0):
    g = torch.Generator().manual_seed(seed)
    k = torch.randint(modes, (n,), generator=g).float()
    angle = 2 * math.pi * k / modes
    centers = torch.stack([radius * torch.cos(angle), radius * torch.sin(angle)], 1)
    return TensorDataset(centers + std * torch.randn(n, 2, generator=g))
