import math

import torch
from torch.utils.data import Dataset

KEYWORDS = ["yes", "no", "up", "down"]


class KeywordDataset(Dataset):
    def __init__(self, n_per_class=40, sample_rate=1600, transform=None, seed=0):
        self.transform = transform
        g = torch.Generator().manual_seed(seed)
        t = torch.arange(sample_rate) / sample_rate
        self.items = []
        for label, _ in enumerate(KEYWORDS):
            f0 = 60.0 * (label + 1)
            for _ in range(n_per_class):
                amp = 0.5 + 0.5 * torch.rand(1, generator=g)
                wav = amp * torch.sin(2 * math.pi * f0 * t) + 0.1 * torch.randn(sample_rate, generator=g)
                self.items.append((wav.unsqueeze(0), label))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        waveform, label = self.items[index]
        if self.transform is not None:
            waveform = self.transform(waveform)
        return waveform, label
