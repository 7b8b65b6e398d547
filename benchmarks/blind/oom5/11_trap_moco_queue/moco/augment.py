import torch
from torch.utils.data import Dataset


class TwoViewVectors(Dataset):
    """Unlabelled feature vectors; each item returns two noisy, randomly masked views of itself."""

    def __init__(self, n, dim, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, dim, generator=g)

    def __len__(self):
        return len(self.x)

    def view(self, v):
        keep = (torch.rand_like(v) > 0.2).float()
        return v * keep + 0.1 * torch.randn_like(v)

    def __getitem__(self, i):
        v = self.x[i]
        return self.view(v), self.view(v)
