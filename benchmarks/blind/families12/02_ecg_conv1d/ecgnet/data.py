import math

import torch
from torch.utils.data import Dataset


class SyntheticECG(Dataset):
    """Beats of different rhythm classes: class k has a dominant frequency k+1."""

    def __init__(self, n, seq_len, n_leads, n_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, n_classes, (n,), generator=g)
        t = torch.linspace(0, 2 * math.pi, seq_len)
        phase = torch.rand(n, n_leads, 1, generator=g) * 2 * math.pi
        freq = (self.y.float() + 1).view(n, 1, 1)
        self.x = torch.sin(freq * t + phase) + 0.2 * torch.randn(n, n_leads, seq_len, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx]
