import math

import torch
from torch.utils.data import Dataset


class ShapePoints(Dataset):
    """Point clouds sampled from a sphere, a cube surface or a cylinder, randomly rotated about z."""

    CLASSES = ("sphere", "cube", "cylinder")

    def __init__(self, n, num_points=4096, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 3, (n,), generator=g)
        self.seeds = torch.randint(0, 2**31 - 1, (n,), generator=g)
        self.num_points = num_points

    def __len__(self):
        return len(self.labels)

    def _sample(self, label, g):
        p = self.num_points
        if label == 0:
            pts = torch.randn(p, 3, generator=g)
            pts = pts / pts.norm(dim=1, keepdim=True)
        elif label == 1:
            pts = torch.rand(p, 3, generator=g) * 2 - 1
            face = torch.randint(0, 3, (p,), generator=g)
            sign = torch.randint(0, 2, (p,), generator=g).float() * 2 - 1
            pts[torch.arange(p), face] = sign
        else:
            ang = torch.rand(p, generator=g) * 2 * math.pi
            z = torch.rand(p, generator=g) * 2 - 1
            pts = torch.stack([ang.cos(), ang.sin(), z], dim=1)
        theta = float(torch.rand(1, generator=g)) * 2 * math.pi
        rot = torch.tensor([[math.cos(theta), -math.sin(theta), 0.0],
                            [math.sin(theta), math.cos(theta), 0.0],
                            [0.0, 0.0, 1.0]])
        return pts @ rot.T + 0.02 * torch.randn(p, 3, generator=g)

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(int(self.seeds[i]))
        label = int(self.labels[i])
        return self._sample(label, g).T.contiguous(), label
