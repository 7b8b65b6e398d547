import numpy as np
import torch
from torch.utils.data import Dataset

N_STARS = 5


def simulate_ratings(n_users=400, n_items=250, n_ratings=6000, rank=4, seed=5):
    rng = np.random.default_rng(seed)
    U = rng.normal(0, 1, (n_users, rank))
    V = rng.normal(0, 1, (n_items, rank))
    users = rng.integers(0, n_users, n_ratings)
    items = rng.integers(0, n_items, n_ratings)
    affinity = (U[users] * V[items]).sum(1) + rng.normal(0, 0.5, n_ratings)
    cuts = np.quantile(affinity, [0.1, 0.3, 0.6, 0.85])
    stars = 1 + np.searchsorted(cuts, affinity)  # 1..5 like the raw export
    return users, items, stars, n_users, n_items


class RatingsDataset(Dataset):
    def __init__(self, users, items, stars):
        self.users = torch.as_tensor(users, dtype=torch.long)
        self.items = torch.as_tensor(items, dtype=torch.long)
        self.targets = torch.as_tensor(stars, dtype=torch.long) - 1

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, i):
        return self.users[i], self.items[i], self.targets[i]
