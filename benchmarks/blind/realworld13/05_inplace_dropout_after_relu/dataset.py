import numpy as np
import torch
from torch.utils.data import Dataset


class DISDataset(Dataset):
    """Toy dichotomous segmentation set: a bright rectangle is the foreground."""

    def __init__(self, n=16, size=32, seed=0):
        rng = np.random.RandomState(seed)
        self.items = []
        for _ in range(n):
            img = rng.rand(3, size, size).astype(np.float32) * 0.4
            gt = np.zeros((1, size, size), np.float32)
            y0, x0 = rng.randint(4, size // 2, 2)
            y1, x1 = y0 + rng.randint(8, size // 2), x0 + rng.randint(8, size // 2)
            gt[:, y0:y1, x0:x1] = 1.0
            img[:, y0:y1, x0:x1] += 0.5
            self.items.append((img, gt))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        img, gt = self.items[i]
        return torch.from_numpy(img), torch.from_numpy(gt)
