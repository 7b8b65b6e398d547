"""Fake 'keyword spotting' features: per-utterance MFCC-like frame matrices."""
import torch
from torch.utils.data import Dataset

N_MFCC = 40        # coefficients per frame
N_FRAMES = 50
KEYWORDS = ["yes", "no", "up", "down", "left", "right"]


class MfccKeywords(Dataset):
    def __init__(self, n_utts=288, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, len(KEYWORDS), (n_utts,), generator=g)
        prototypes = torch.randn(len(KEYWORDS), 1, N_MFCC, generator=g)
        noise = torch.randn(n_utts, N_FRAMES, N_MFCC, generator=g)
        self.feats = prototypes[self.labels] + 0.8 * noise

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        x = self.feats[i]
        x = (x - x.mean(0, keepdim=True)) / (x.std(0, keepdim=True) + 1e-5)  # CMVN
        return x, self.labels[i]
