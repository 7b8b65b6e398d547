import math

import torch
from torch.utils.data import Dataset


class SyntheticTextures(Dataset):
    """Procedural textures: each class is a sinusoid grating with its own orientation."""

    def __init__(self, n, num_classes, size, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        self.phase = torch.rand(n, generator=g) * 2 * math.pi
        self.noise_seed = torch.randint(0, 2**31 - 1, (n,), generator=g)
        self.num_classes = num_classes
        self.size = size
        coords = torch.linspace(-1, 1, size)
        self.yy, self.xx = torch.meshgrid(coords, coords, indexing="ij")

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        y = int(self.labels[idx])
        theta = math.pi * y / self.num_classes
        wave = torch.sin(12 * (self.xx * math.cos(theta) + self.yy * math.sin(theta)) + self.phase[idx])
        g = torch.Generator().manual_seed(int(self.noise_seed[idx]))
        img = wave.unsqueeze(0).repeat(3, 1, 1) + 0.3 * torch.randn(3, self.size, self.size, generator=g)
        return img, y
