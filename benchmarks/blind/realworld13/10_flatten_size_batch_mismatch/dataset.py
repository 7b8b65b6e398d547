import numpy as np
import torch
from torch.utils.data import Dataset


class ShapesDataset(Dataset):
    """Four classes of 64x64 colour images (one tinted channel per class, or all)."""

    def __init__(self, n=128, size=64, seed=0):
        rng = np.random.RandomState(seed)
        self.labels = rng.randint(0, 4, n)
        self.images = rng.rand(n, 3, size, size).astype(np.float32) * 0.5
        for i, c in enumerate(self.labels):
            if c < 3:
                self.images[i, c] += 0.5
            else:
                self.images[i] += 0.25

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return torch.from_numpy(self.images[idx]), torch.tensor(self.labels[idx])
