import math

import torch
from torch.utils.data import Dataset


class NoisyToneDataset(Dataset):
    """'Speech' = a few harmonic tones with an amplitude envelope; noise = coloured gaussian."""

    def __init__(self, n, seconds=0.5, sample_rate=8000, snr_db=(0, 10), seed=0):
        g = torch.Generator().manual_seed(seed)
        T = int(seconds * sample_rate)
        t = torch.arange(T) / sample_rate
        self.clean, self.noisy = [], []
        for _ in range(n):
            f0 = 100 + 200 * torch.rand(1, generator=g).item()
            s = sum(torch.sin(2 * math.pi * f0 * k * t) / k for k in range(1, 5))
            env = torch.sigmoid(10 * torch.sin(2 * math.pi * 3 * t + torch.rand(1, generator=g).item() * 6))
            s = s * env
            noise = torch.randn(T, generator=g)
            noise = torch.cumsum(noise, 0) * 0.02 + noise  # a bit of low-frequency colour
            snr = snr_db[0] + (snr_db[1] - snr_db[0]) * torch.rand(1, generator=g).item()
            scale = s.norm() / (noise.norm() * 10 ** (snr / 20))
            self.clean.append(s)
            self.noisy.append(s + scale * noise)

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, i):
        return self.noisy[i], self.clean[i]
