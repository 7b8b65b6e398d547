import torch
from torch.utils.data import Dataset


class WineQuality(Dataset):
    """11 physico-chemical features -> quality score (synthetic stand-in for the UCI set)."""

    def __init__(self, n=640, seed=8):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, 11, generator=g)
        w = torch.tensor([0.1, -0.9, 0.2, 0.05, -0.3, 0.1, -0.2, -0.4, -0.1, 0.5, 1.0])
        self.y = 5.6 + self.x @ w * 0.6 + 0.3 * torch.randn(n, generator=g)
        self.ids = torch.arange(n)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.ids[i], self.x[i], self.y[i]
