import math

import torch
from torch.utils.data import Dataset


class SyntheticKeywords(Dataset):
    """Each keyword is a chirp with its own base frequency, plus noise and random gain/offset."""

    def __init__(self, n_clips, num_keywords, sample_rate, clip_seconds, seed=0):
        g = torch.Generator().manual_seed(seed)
        n = int(sample_rate * clip_seconds)
        t = torch.arange(n) / sample_rate
        self.labels = torch.randint(0, num_keywords, (n_clips,), generator=g)
        base = 200.0 + 150.0 * self.labels.float()
        gain = 0.5 + torch.rand(n_clips, generator=g)
        phase = 2 * math.pi * torch.rand(n_clips, generator=g)
        sweep = base[:, None] * t[None, :] * (1.0 + 0.5 * t[None, :])
        wave = gain[:, None] * torch.sin(2 * math.pi * sweep + phase[:, None])
        wave = wave + 0.3 * torch.randn(n_clips, n, generator=g)
        self.waves = wave.unsqueeze(1)  # (N, 1, T) mono

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.waves[i], self.labels[i]
