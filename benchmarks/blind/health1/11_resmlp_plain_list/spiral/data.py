import math

import torch


def spirals(n_per_class=200, n_classes=3, noise=0.15, seed=0):
    g = torch.Generator().manual_seed(seed)
    xs, ys = [], []
    for c in range(n_classes):
        r = torch.linspace(0.05, 1.0, n_per_class)
        t = torch.linspace(c * 2 * math.pi / n_classes, c * 2 * math.pi / n_classes + 3.5, n_per_class)
        t = t + noise * torch.randn(n_per_class, generator=g)
        xs.append(torch.stack([r * torch.sin(t), r * torch.cos(t)], dim=1))
        ys.append(torch.full((n_per_class,), c, dtype=torch.long))
    x, y = torch.cat(xs), torch.cat(ys)
    perm = torch.randperm(len(x), generator=g)
    return x[perm], y[perm]


def batches(x, y, batch_size, shuffle=True, generator=None):
    idx = torch.randperm(len(x), generator=generator) if shuffle else torch.arange(len(x))
    for i in range(0, len(x), batch_size):
        j = idx[i:i + batch_size]
        yield x[j], y[j]
