import math

import torch
from torch.utils.data import Dataset, random_split


class SyntheticRhythms(Dataset):
    """Each class is a different dominant frequency plus noise on 3 leads."""

    def __init__(self, n=512, length=128, channels=3, num_classes=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.linspace(0, 1, length)
        self.y = torch.randint(0, num_classes, (n,), generator=g)
        freqs = 3.0 + 4.0 * self.y.float()
        phase = torch.rand(n, channels, 1, generator=g) * 2 * math.pi
        self.x = torch.sin(2 * math.pi * freqs[:, None, None] * t + phase)
        self.x += 0.3 * torch.randn(n, channels, length, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def get_splits(seed=0):
    ds = SyntheticRhythms(seed=seed)
    n_val = len(ds) // 5
    return random_split(ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(seed))
