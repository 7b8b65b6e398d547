import math
import random

import torch
from torch.utils.data import Dataset

KEYWORDS = ["yes", "no", "up", "down", "left", "right", "stop", "go"]
SR = 4000


class SyntheticKeywords(Dataset):
    """Each keyword is a distinct chirp; clips have random length and noise."""

    def __init__(self, n, seed=0):
        rnd = random.Random(seed)
        self.items = []
        for _ in range(n):
            k = rnd.randrange(len(KEYWORDS))
            dur = rnd.uniform(0.25, 0.5)
            self.items.append((k, dur, rnd.random() * 1000))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        k, dur, noise_seed = self.items[i]
        n = int(dur * SR)
        t = torch.arange(n) / SR
        f0 = 200 + 90 * k
        wave = torch.sin(2 * math.pi * (f0 + 150 * t) * t)
        g = torch.Generator().manual_seed(int(noise_seed))
        wave = wave + 0.3 * torch.randn(n, generator=g)
        return wave.unsqueeze(0), k
