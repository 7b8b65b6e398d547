import math

import torch
from torch.utils.data import Dataset


class SyntheticBlobs(Dataset):
    """Grayscale images with one Gaussian blob at a random place, scaled to [-1, 1]."""

    def __init__(self, n, size, seed=0):
        g = torch.Generator().manual_seed(seed)
        ys, xs = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        centers = torch.rand(n, 2, generator=g) * (size - 4) + 2
        sigma = 1.5 + torch.rand(n, generator=g) * 1.5
        d2 = (ys[None] - centers[:, 0, None, None]) ** 2 + (xs[None] - centers[:, 1, None, None]) ** 2
        img = torch.exp(-d2 / (2 * sigma[:, None, None] ** 2))
        self.images = (img * 2 - 1).unsqueeze(1).float()

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], 0
