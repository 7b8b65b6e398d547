import math

import torch
from torch.utils.data import Dataset

HARMONICS = {
    "flute": [1.0, 0.1, 0.05],
    "violin": [1.0, 0.7, 0.5, 0.4, 0.3],
    "bass": [1.0, 0.9, 0.2],
    "organ": [1.0, 0.0, 0.8, 0.0, 0.6],
}


class SynthNotes(Dataset):
    """Single sustained notes rendered from a harmonic template, returned as raw waveforms."""

    def __init__(self, cfg, split="train"):
        g = torch.Generator().manual_seed(cfg.seed + (0 if split == "train" else 1))
        n = cfg.n_clips if split == "train" else cfg.n_clips // 4
        self.labels = torch.randint(len(cfg.instruments), (n,), generator=g)
        self.f0 = 110 * 2 ** (torch.randint(0, 24, (n,), generator=g) / 12)
        self.cfg = cfg
        self.t = torch.arange(cfg.n_samples) / cfg.sample_rate

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        name = self.cfg.instruments[self.labels[i]]
        wav = torch.zeros_like(self.t)
        for k, amp in enumerate(HARMONICS[name], start=1):
            wav += amp * torch.sin(2 * math.pi * k * self.f0[i] * self.t)
        env = torch.clamp(self.t * 20, max=1.0) * torch.exp(-self.t * 0.5)
        return (wav * env / wav.abs().max()).unsqueeze(-1), self.labels[i]
