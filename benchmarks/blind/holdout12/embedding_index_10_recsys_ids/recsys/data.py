import numpy as np
import torch
from torch.utils.data import Dataset


def load_interactions(n_users=300, n_items=500, n_events=6000, seed=0):
    """Simulates an export from the ratings table: ids are primary keys, starting at 1."""
    rng = np.random.default_rng(seed)
    user_taste = rng.normal(size=(n_users, 8))
    item_style = rng.normal(size=(n_items, 8))
    users = rng.integers(0, n_users, n_events)
    scores = user_taste[users] @ item_style.T
    items = np.array([rng.choice(n_items, p=np.exp(s) / np.exp(s).sum()) for s in scores])
    return users + 1, items + 1


def cardinalities(users, items):
    return len(np.unique(users)), len(np.unique(items))


class ImplicitFeedback(Dataset):
    """Positive (user, item) pairs plus `neg_ratio` uniformly sampled negatives per positive."""

    def __init__(self, users, items, n_items, neg_ratio=3, seed=0):
        rng = np.random.default_rng(seed)
        neg_users = np.repeat(users, neg_ratio)
        neg_items = rng.integers(1, n_items + 1, len(neg_users))
        self.users = torch.from_numpy(np.concatenate([users, neg_users])).long()
        self.items = torch.from_numpy(np.concatenate([items, neg_items])).long()
        self.labels = torch.cat([torch.ones(len(users)), torch.zeros(len(neg_users))])

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.users[i], self.items[i], self.labels[i]
