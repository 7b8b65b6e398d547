import math

import torch


def _moons(n, g, noise=0.1):
    n1 = n // 2
    t1 = torch.rand(n1, generator=g) * math.pi
    t2 = torch.rand(n - n1, generator=g) * math.pi
    upper = torch.stack([torch.cos(t1), torch.sin(t1)], 1)
    lower = torch.stack([1 - torch.cos(t2), 0.5 - torch.sin(t2)], 1)
    x = torch.cat([upper, lower]) + noise * torch.randn(n, 2, generator=g)
    y = torch.cat([torch.zeros(n1), torch.ones(n - n1)]).long()
    perm = torch.randperm(n, generator=g)
    return x[perm], y[perm]


def two_moons_semi(n_labeled=24, n_unlabeled=1000, n_val=400, seed=0):
    g = torch.Generator().manual_seed(seed)
    xl, yl = _moons(n_labeled, g)
    xu, _ = _moons(n_unlabeled, g)
    xv, yv = _moons(n_val, g)
    return (xl, yl), xu, (xv, yv)
