import numpy as np
import torch
from torch.utils.data import Dataset


def load_interaction_log(n_users=500, n_items=400, per_user=12, seed=9):
    """Synthetic export of the click log for the new catalogue (weak collaborative signal)."""
    rng = np.random.default_rng(seed)
    pop = rng.gamma(4.0, 1.0, n_items)
    pop /= pop.sum()
    log = {u: list(rng.choice(n_items, size=per_user, replace=False, p=pop)) for u in range(n_users)}
    return log, n_users, n_items


def leave_last_out(log):
    train, test = [], {}
    for u, items in log.items():
        train += [(u, i) for i in items[:-1]]
        test[u] = items[-1]
    return train, test


class BPRTriples(Dataset):
    def __init__(self, pairs, n_items, seen, seed=0):
        self.pairs = pairs
        self.n_items = n_items
        self.seen = seen
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, k):
        u, i = self.pairs[k]
        j = int(self.rng.integers(self.n_items))
        while j in self.seen[u]:
            j = int(self.rng.integers(self.n_items))
        return torch.tensor(u), torch.tensor(i), torch.tensor(j)
