"""Synthetic 8x8 'digits' (sklearn-digits-like): one random template per digit 0-9 plus noise."""
import torch
from torch.utils.data import Dataset

DIGITS = list(range(10))


class NoisyDigits(Dataset):
    def __init__(self, n, image_size=8, noise=0.3, seed=0):
        g = torch.Generator().manual_seed(1000)  # templates shared by every split
        self.templates = (torch.rand(len(DIGITS), image_size, image_size, generator=g) > 0.5).float()
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, len(DIGITS), (n,), generator=g)
        self.images = self.templates[self.labels] + noise * torch.randn(n, image_size, image_size, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]
