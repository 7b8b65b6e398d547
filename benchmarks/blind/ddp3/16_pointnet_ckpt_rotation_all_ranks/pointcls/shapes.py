import torch
from torch.utils.data import Dataset


def _sample(kind, n, g):
    u = torch.rand(n, 3, generator=g) * 2 - 1
    if kind == 0:  # sphere surface
        return u / u.norm(dim=1, keepdim=True)
    if kind == 1:  # cube surface
        face = torch.randint(0, 3, (n,), generator=g)
        u[torch.arange(n), face] = torch.sign(u[torch.arange(n), face])
        return u
    if kind == 2:  # cylinder
        ang = u[:, 0] * 3.1416
        return torch.stack([ang.cos(), ang.sin(), u[:, 2]], 1)
    h = (u[:, 2] + 1) / 2  # cone
    ang = u[:, 0] * 3.1416
    return torch.stack([(1 - h) * ang.cos(), (1 - h) * ang.sin(), u[:, 2]], 1)


class ShapeClouds(Dataset):
    def __init__(self, n=240, n_points=128, seed=4):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 4, (n,), generator=g)
        self.points = torch.stack([_sample(int(k), n_points, g) for k in self.labels])
        self.points += 0.02 * torch.randn(self.points.shape, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.points[i], self.labels[i]
