import math

import torch
from torch.utils.data import Dataset


class ToneDataset(Dataset):
    """Synthetic 'keyword' clips: each class is a tone at a different frequency plus noise."""

    FREQS = [3.0, 5.0, 8.0, 13.0, 21.0]

    def __init__(self, n, length, seed):
        g = torch.Generator().manual_seed(seed)
        self.num_classes = len(self.FREQS)
        self.labels = torch.randint(0, self.num_classes, (n,), generator=g)
        t = torch.linspace(0, 1, length)
        phase = torch.rand(n, 1, generator=g) * 2 * math.pi
        freqs = torch.tensor(self.FREQS)[self.labels].unsqueeze(1)
        clean = torch.sin(2 * math.pi * freqs * t + phase)
        self.signals = (clean + 0.8 * torch.randn(n, length, generator=g)).unsqueeze(1)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.signals[i], self.labels[i]
