import math

import torch
from torch.utils.data import Dataset


class TexturePatches(Dataset):
    """Clean patches = sums of random oriented sinusoids; noise added on the fly."""

    def __init__(self, n, size=32, sigma=25.0, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
        clean = torch.zeros(n, 1, size, size)
        for k in range(3):
            f = torch.rand(n, 1, 1, 1, generator=g) * 8 + 1
            th = torch.rand(n, 1, 1, 1, generator=g) * math.pi
            ph = torch.rand(n, 1, 1, 1, generator=g) * 2 * math.pi
            clean += torch.sin(2 * math.pi * f * (xx * torch.cos(th) + yy * torch.sin(th)) + ph) / 3
        self.clean = (clean + 1) / 2
        self.sigma = sigma / 255.0

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, i):
        c = self.clean[i]
        return c + self.sigma * torch.randn_like(c), c
