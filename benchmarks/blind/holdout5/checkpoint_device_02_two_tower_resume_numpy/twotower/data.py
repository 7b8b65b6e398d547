import numpy as np
import torch
from torch.utils.data import Dataset


def make_catalog(n_users, n_items, n_genres=12, seed=0):
    rng = np.random.default_rng(seed)
    item_genre = rng.integers(0, n_genres, n_items)
    user_pref = rng.dirichlet(np.full(n_genres, 0.3), n_users)
    item_quality = rng.normal(0, 1, n_items)
    return item_genre, user_pref, item_quality


def sample_sessions(item_genre, user_pref, item_quality, clicks_per_user=15, seed=0):
    rng = np.random.default_rng(seed)
    n_users = user_pref.shape[0]
    logits = np.log(user_pref[:, item_genre] + 1e-9) + 0.5 * item_quality[None, :]
    probs = np.exp(logits - logits.max(1, keepdims=True))
    probs /= probs.sum(1, keepdims=True)
    rows = []
    for u in range(n_users):
        items = rng.choice(len(item_genre), size=clicks_per_user, replace=False, p=probs[u])
        rows.extend((u, i) for i in items)
    return np.array(rows, dtype=np.int64)


class ClickPairs(Dataset):
    def __init__(self, pairs, item_genre):
        self.pairs = torch.from_numpy(pairs)
        self.item_genre = torch.from_numpy(item_genre).long()

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        u, it = self.pairs[i]
        return u, it, self.item_genre[it]
