import math

import torch
from torch.utils.data import Dataset


class SyntheticBeats(Dataset):
    """Three 'rhythm' classes: normal, tachycardic (faster), and ectopic (extra wide bump)."""

    def __init__(self, n, seq_len=256, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.linspace(0, 1, seq_len)
        self.x = torch.empty(n, 1, seq_len)
        self.y = torch.randint(0, 3, (n,), generator=g)
        for i in range(n):
            rate = 4 if self.y[i] != 1 else 7
            phase = torch.rand(1, generator=g).item()
            sig = torch.exp(-((((t * rate + phase) % 1.0) - 0.5) ** 2) / 0.002)
            if self.y[i] == 2:
                c = torch.rand(1, generator=g).item()
                sig = sig + 0.8 * torch.exp(-((t - c) ** 2) / 0.004)
            self.x[i, 0] = sig + 0.1 * torch.randn(seq_len, generator=g) + 0.2 * torch.sin(2 * math.pi * t * 0.5)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
