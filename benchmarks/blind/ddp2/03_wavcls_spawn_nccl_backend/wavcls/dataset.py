import math

import torch
from torch.utils.data import Dataset


class ToneClips(Dataset):
    """Clip of a noisy tone; the class is the frequency bin."""

    FREQS = [220.0, 330.0, 440.0, 550.0, 660.0]

    def __init__(self, n_clips=400, sample_rate=8000, clip_len=2000, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.arange(clip_len) / sample_rate
        self.labels = torch.randint(0, len(self.FREQS), (n_clips,), generator=g)
        phase = torch.rand(n_clips, 1, generator=g) * 2 * math.pi
        freqs = torch.tensor(self.FREQS)[self.labels].unsqueeze(1)
        clean = torch.sin(2 * math.pi * freqs * t + phase)
        self.wavs = clean + 0.3 * torch.randn(n_clips, clip_len, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.wavs[i].unsqueeze(0), self.labels[i]
