import math

import torch
from torch.utils.data import TensorDataset


def ring_of_gaussians(n, n_modes=8, radius=2.0, std=0.05, seed=0):
    g = torch.Generator().manual_seed(seed)
    k = torch.randint(0, n_modes, (n,), generator=g)
    angles = 2 * math.pi * k.float() / n_modes
    centers = torch.stack([radius * torch.cos(angles), radius * torch.sin(angles)], 1)
    return TensorDataset(centers + std * torch.randn(n, 2, generator=g)), centers.unique(dim=0)
