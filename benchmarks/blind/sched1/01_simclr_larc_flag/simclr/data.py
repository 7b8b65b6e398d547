import torch
from torch.utils.data import Dataset


class TwoViewBlobs(Dataset):
    """Synthetic 'images': 8 prototype vectors plus noise, two augmented views each."""

    def __init__(self, n=256, dim=32, n_proto=8, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.protos = torch.randn(n_proto, dim, generator=g)
        self.idx = torch.randint(0, n_proto, (n,), generator=g)
        self.base = self.protos[self.idx] + 0.3 * torch.randn(n, dim, generator=g)
        self.noise = 0.2 * torch.randn(2, n, dim, generator=g)

    def __len__(self):
        return self.base.shape[0]

    def __getitem__(self, i):
        x = self.base[i]
        v1 = x + self.noise[0, i]
        v2 = (x + self.noise[1, i]) * 0.9
        return v1, v2
