import torch
from torch.utils.data import Dataset


def _sample(kind, n, g):
    if kind == 0:                                   # sphere surface
        p = torch.randn(n, 3, generator=g)
        return p / p.norm(dim=1, keepdim=True)
    if kind == 1:                                   # cube surface
        p = torch.rand(n, 3, generator=g) * 2 - 1
        face = torch.randint(0, 3, (n,), generator=g)
        p[torch.arange(n), face] = torch.sign(torch.randn(n, generator=g))
        return p
    theta = torch.rand(n, generator=g) * 6.2832     # cylinder side
    return torch.stack([theta.cos(), theta.sin(), torch.rand(n, generator=g) * 2 - 1], 1)


class PointShapes(Dataset):
    def __init__(self, n=360, points=128, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.arange(n) % 3
        self.x = torch.stack([_sample(int(c), points, g) * (0.8 + 0.4 * torch.rand(1, generator=g))
                              for c in self.y])

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
