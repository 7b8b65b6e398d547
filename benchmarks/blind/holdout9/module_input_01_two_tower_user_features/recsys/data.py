import numpy as np
import torch
from torch.utils.data import Dataset

from .config import AGE_BUCKETS, COUNTRIES, ACTIVITY_STATS, ITEM_CATEGORIES


def _one_hot(idx, n):
    out = np.zeros((len(idx), n), dtype=np.float32)
    out[np.arange(len(idx)), idx] = 1.0
    return out


def build_user_features(num_users, rng):
    age = _one_hot(rng.integers(0, len(AGE_BUCKETS), num_users), len(AGE_BUCKETS))
    country = _one_hot(rng.integers(0, len(COUNTRIES), num_users), len(COUNTRIES))
    stats = rng.lognormal(0.0, 1.0, size=(num_users, len(ACTIVITY_STATS))).astype(np.float32)
    stats = np.log1p(stats)
    return np.concatenate([age, country, stats], axis=1)


def build_item_features(num_items, rng):
    cat = _one_hot(rng.integers(0, len(ITEM_CATEGORIES), num_items), len(ITEM_CATEGORIES))
    popularity = rng.random((num_items, 1)).astype(np.float32)
    freshness = rng.random((num_items, 1)).astype(np.float32)
    length = rng.random((num_items, 1)).astype(np.float32)
    price = rng.random((num_items, 1)).astype(np.float32)
    return np.concatenate([cat, popularity, freshness, length, price], axis=1)


class InteractionDataset(Dataset):
    """(user features, positive item features) pairs; in-batch negatives are used in training."""

    def __init__(self, cfg):
        rng = np.random.default_rng(cfg.seed)
        self.users = build_user_features(cfg.num_users, rng)
        self.items = build_item_features(cfg.num_items, rng)
        self.pairs = np.stack([
            rng.integers(0, cfg.num_users, cfg.num_interactions),
            rng.integers(0, cfg.num_items, cfg.num_interactions),
        ], axis=1)

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        u, it = self.pairs[i]
        return torch.from_numpy(self.users[u]), torch.from_numpy(self.items[it])
