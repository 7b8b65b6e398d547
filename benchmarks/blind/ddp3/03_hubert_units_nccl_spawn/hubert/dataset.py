import math

import torch
from torch.utils.data import Dataset


class SyntheticUnits(Dataset):
    """1 s of 4 kHz audio = 4000 samples; one unit label per 20 ms frame (80 samples) -> 50 frames."""

    def __init__(self, n=64, n_units=20, sr=4000, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.units = torch.randint(0, n_units, (n, 50), generator=g)
        t = torch.arange(80) / sr
        freqs = 100.0 + 40.0 * torch.arange(n_units)
        table = torch.stack([torch.sin(2 * math.pi * f * t) for f in freqs])  # [U, 80]
        self.wavs = table[self.units].reshape(n, -1) + 0.05 * torch.randn(n, 4000, generator=g)

    def __len__(self):
        return len(self.units)

    def __getitem__(self, i):
        return self.wavs[i].unsqueeze(0), self.units[i]
