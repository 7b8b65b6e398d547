import torch
from torch.utils.data import Dataset


class TwoViewDataset(Dataset):
    """Vectors from 8 prototypes; each item returns two noisy views of the same sample."""

    def __init__(self, n, dim=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        protos = torch.randn(8, dim, generator=g)
        self.y = torch.randint(0, 8, (n,), generator=g)
        self.x = protos[self.y] + 0.3 * torch.randn(n, dim, generator=g)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        x = self.x[i]
        return x + 0.2 * torch.randn_like(x), x * (1 + 0.1 * torch.randn_like(x)), self.y[i]
