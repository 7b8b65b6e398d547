import math

import torch
from torch.utils.data import Dataset


def _sphere(n, g):
    v = torch.randn(n, 3, generator=g)
    return v / v.norm(dim=1, keepdim=True)


def _cube(n, g):
    v = torch.rand(n, 3, generator=g) * 2 - 1
    axis = torch.randint(0, 3, (n,), generator=g)
    v[torch.arange(n), axis] = torch.sign(torch.randn(n, generator=g))
    return v


def _torus(n, g):
    u, w = torch.rand(n, generator=g) * 2 * math.pi, torch.rand(n, generator=g) * 2 * math.pi
    return torch.stack([(0.7 + 0.3 * w.cos()) * u.cos(), (0.7 + 0.3 * w.cos()) * u.sin(), 0.3 * w.sin()], 1)


def _cylinder(n, g):
    u = torch.rand(n, generator=g) * 2 * math.pi
    return torch.stack([u.cos(), u.sin(), torch.rand(n, generator=g) * 2 - 1], 1)


class ShapeClouds(Dataset):
    makers = [_sphere, _cube, _torus, _cylinder]

    def __init__(self, n=384, points=256, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        for i in range(n):
            label = i % len(self.makers)
            pts = self.makers[label](points, g) * (0.6 + 0.4 * torch.rand(1, generator=g))
            pts = pts + 0.02 * torch.randn(points, 3, generator=g)
            self.items.append((pts, label))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
