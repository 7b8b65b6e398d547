import torch
from torch.utils.data import Dataset


class Interactions(Dataset):
    """(user, item, label) triples from low-rank ground-truth preferences."""

    def __init__(self, n_users=300, n_items=200, n_obs=6000, rank=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        U = torch.randn(n_users, rank, generator=g)
        V = torch.randn(n_items, rank, generator=g)
        self.u = torch.randint(0, n_users, (n_obs,), generator=g)
        self.i = torch.randint(0, n_items, (n_obs,), generator=g)
        score = (U[self.u] * V[self.i]).sum(1)
        self.y = (score > 0).float()
        self.n_users, self.n_items = n_users, n_items

    def __len__(self):
        return len(self.y)

    def __getitem__(self, k):
        return self.u[k], self.i[k], self.y[k]
