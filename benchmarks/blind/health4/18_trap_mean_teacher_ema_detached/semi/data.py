import math
import torch


def moons(n_labeled=64, n_unlabeled=2048, noise=0.1, seed=0):
    g = torch.Generator().manual_seed(seed)
    n = n_labeled + n_unlabeled
    t = torch.rand(n, generator=g) * math.pi
    y = torch.randint(0, 2, (n,), generator=g)
    x = torch.stack([torch.cos(t), torch.sin(t)], 1)
    x[y == 1] = torch.stack([1 - torch.cos(t[y == 1]), 0.5 - torch.sin(t[y == 1])], 1)
    x = x + noise * torch.randn(n, 2, generator=g)
    return x[:n_labeled], y[:n_labeled], x[n_labeled:]
