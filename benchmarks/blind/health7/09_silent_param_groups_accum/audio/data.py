import torch
from torch.utils.data import Dataset


class SyntheticSpectrograms(Dataset):
    """Log-mel-like patches; each class lights up a different frequency band."""

    def __init__(self, n, n_mels, frames, n_classes, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(n_classes, (n,), generator=g)
        x = torch.randn(n, 1, n_mels, frames, generator=g) * 0.5
        band = n_mels // n_classes
        for i in range(n):
            c = int(self.y[i])
            x[i, 0, c * band:(c + 1) * band] += 1.0
        self.x = x

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
