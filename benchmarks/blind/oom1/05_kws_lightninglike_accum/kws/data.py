import math

import torch
from torch.utils.data import Dataset


class ChirpClips(Dataset):
    """Each keyword is a chirp with its own start frequency, buried in noise."""

    def __init__(self, n, sample_rate, n_keywords, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.arange(sample_rate) / sample_rate
        self.labels = torch.randint(0, n_keywords, (n,), generator=g)
        f0 = 200.0 + 150.0 * self.labels.float()
        phase = 2 * math.pi * (f0[:, None] * t + 100.0 * t ** 2)
        self.wave = (torch.sin(phase) + 0.5 * torch.randn(n, sample_rate, generator=g)).unsqueeze(1)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.wave[i], self.labels[i]
