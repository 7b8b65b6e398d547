import torch
from torch.utils.data import Dataset


class Ratings(Dataset):
    def __init__(self, n_users=100, n_items=80, n=1600, rank=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        U = torch.randn(n_users, rank, generator=g)
        V = torch.randn(n_items, rank, generator=g)
        self.u = torch.randint(0, n_users, (n,), generator=g)
        self.i = torch.randint(0, n_items, (n,), generator=g)
        self.r = (U[self.u] * V[self.i]).sum(1) + 0.1 * torch.randn(n, generator=g)

    def __len__(self):
        return len(self.r)

    def __getitem__(self, k):
        return k, self.u[k], self.i[k], self.r[k]
