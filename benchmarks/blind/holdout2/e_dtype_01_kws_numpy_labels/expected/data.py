"""Synthetic keyword-spotting clips: each keyword is a chirp at its own base frequency."""
import math

import numpy as np
import torch
from torch.utils.data import Dataset

KEYWORDS = ["yes", "no", "up", "down", "left", "right"]


class SyntheticKWS(Dataset):
    def __init__(self, n_clips=360, sample_rate=4000, seconds=0.5, seed=0):
        rng = np.random.default_rng(seed)
        n = int(sample_rate * seconds)
        t = np.arange(n) / sample_rate
        self.waves = np.zeros((n_clips, n), dtype=np.float32)
        self.labels = np.zeros(n_clips, dtype=np.int64)
        for i in range(n_clips):
            k = rng.integers(len(KEYWORDS))
            f0 = 200 + 150 * k
            chirp = np.sin(2 * math.pi * (f0 + 80 * t) * t + rng.uniform(0, 2 * math.pi))
            self.waves[i] = chirp * rng.uniform(0.3, 1.0) + 0.1 * rng.standard_normal(n)
            self.labels[i] = k

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        wav = torch.from_numpy(self.waves[i]).unsqueeze(0)  # (1, T)
        return wav, torch.from_numpy(self.labels[i:i + 1]).squeeze(0)
