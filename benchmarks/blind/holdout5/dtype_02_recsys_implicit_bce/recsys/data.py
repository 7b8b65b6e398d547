import numpy as np
import torch
from torch.utils.data import Dataset


def synthetic_interactions(n_users, n_items, n_factors=8, per_user=20, seed=0):
    """Implicit-feedback log: each user clicks items whose latent affinity is high."""
    rng = np.random.default_rng(seed)
    U = rng.normal(size=(n_users, n_factors))
    V = rng.normal(size=(n_items, n_factors))
    scores = U @ V.T + rng.gumbel(size=(n_users, n_items))
    top = np.argsort(-scores, axis=1)[:, :per_user]
    users = np.repeat(np.arange(n_users), per_user)
    items = top.reshape(-1)
    return np.stack([users, items], axis=1)


def leave_last_out(pairs, seed=0):
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(pairs))
    pairs = pairs[order]
    seen, train, test = set(), [], []
    for u, i in pairs:
        if u not in seen:
            test.append((u, i))
            seen.add(u)
        else:
            train.append((u, i))
    return np.array(train), np.array(test)


class PointwiseDataset(Dataset):
    """(user, item, clicked) triples with `num_negatives` sampled negatives per positive."""

    def __init__(self, positives, n_items, num_negatives=4, seed=0):
        self.n_items = n_items
        self.num_negatives = num_negatives
        self.user_pos = {}
        for u, i in positives:
            self.user_pos.setdefault(int(u), set()).add(int(i))
        self.positives = positives
        self.rng = np.random.default_rng(seed)
        self.resample()

    def resample(self):
        users, items, labels = [], [], []
        for u, i in self.positives:
            users.append(u)
            items.append(i)
            labels.append(1)
            for _ in range(self.num_negatives):
                j = int(self.rng.integers(self.n_items))
                while j in self.user_pos[int(u)]:
                    j = int(self.rng.integers(self.n_items))
                users.append(u)
                items.append(j)
                labels.append(0)
        self.users = np.asarray(users, dtype=np.int64)
        self.items = np.asarray(items, dtype=np.int64)
        self.labels = np.asarray(labels)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return (
            torch.tensor(self.users[idx]),
            torch.tensor(self.items[idx]),
            torch.tensor(self.labels[idx]),
        )
