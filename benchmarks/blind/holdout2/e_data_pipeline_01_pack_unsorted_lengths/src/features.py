import math

import torch
from torch.utils.data import Dataset

N_MFCC = 13


class SpeakerClips(Dataset):
    """Variable-length MFCC-like frame sequences; each speaker has a characteristic spectral tilt + pitch wobble."""

    def __init__(self, n_clips, n_speakers, min_frames=20, max_frames=60, seed=0):
        g = torch.Generator().manual_seed(seed)
        profiles = torch.randn(n_speakers, N_MFCC, generator=torch.Generator().manual_seed(99))
        self.clips = []
        for _ in range(n_clips):
            spk = int(torch.randint(n_speakers, (1,), generator=g))
            T = int(torch.randint(min_frames, max_frames + 1, (1,), generator=g))
            t = torch.arange(T, dtype=torch.float32).unsqueeze(1)
            wobble = torch.sin(2 * math.pi * t * (0.05 + 0.01 * spk))
            frames = profiles[spk] + 0.5 * wobble + 0.8 * torch.randn(T, N_MFCC, generator=g)
            self.clips.append((frames, spk))

    def __len__(self):
        return len(self.clips)

    def __getitem__(self, i):
        return self.clips[i]


def collate_clips(batch):
    frames, speakers = zip(*batch)
    lengths = torch.tensor([f.shape[0] for f in frames])
    padded = torch.nn.utils.rnn.pad_sequence(frames, batch_first=True)
    return padded, lengths, torch.tensor(speakers)
