import math

import torch
from torch.utils.data import Dataset


class TwoViewSignals(Dataset):
    """Sum-of-sines windows; two random augmentations of the same window form a positive pair."""

    def __init__(self, n=512, length=48, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.linspace(0, 2 * math.pi, length)
        freqs = torch.randint(1, 6, (n, 2), generator=g).float()
        phases = torch.rand(n, 2, generator=g) * 2 * math.pi
        self.signals = (torch.sin(freqs[:, :1] * t + phases[:, :1]) + 0.5 * torch.sin(freqs[:, 1:] * t + phases[:, 1:]))
        self.length = length
        self.g = torch.Generator().manual_seed(seed + 1)

    def __len__(self):
        return self.signals.size(0)

    def _augment(self, x):
        scale = 0.8 + 0.4 * torch.rand(1, generator=self.g)
        shift = int(torch.randint(-3, 4, (1,), generator=self.g))
        noise = 0.05 * torch.randn(x.shape, generator=self.g)
        return (torch.roll(x, shift) * scale + noise).unsqueeze(0)

    def __getitem__(self, i):
        x = self.signals[i]
        return self._augment(x), self._augment(x)
