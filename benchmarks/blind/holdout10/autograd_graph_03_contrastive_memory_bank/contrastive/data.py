import numpy as np
import torch
from torch.utils.data import Dataset


def make_clusters(n=2048, dim=48, n_classes=8, seed=0):
    rng = np.random.default_rng(seed)
    centers = rng.normal(0, 3, size=(n_classes, dim))
    y = rng.integers(0, n_classes, size=n)
    x = centers[y] + rng.normal(0, 1.5, size=(n, dim))
    return x.astype(np.float32), y.astype(np.int64)


class TwoViewDataset(Dataset):
    """Returns two stochastic augmentations of the same sample (SimCLR/MoCo style)."""

    def __init__(self, x, y, noise=0.3, drop=0.2):
        self.x = torch.from_numpy(x)
        self.y = torch.from_numpy(y)
        self.noise, self.drop = noise, drop

    def __len__(self):
        return len(self.x)

    def _augment(self, v):
        v = v + self.noise * torch.randn_like(v)
        keep = (torch.rand_like(v) > self.drop).float()
        return v * keep

    def __getitem__(self, i):
        v = self.x[i]
        return self._augment(v), self._augment(v), self.y[i]
