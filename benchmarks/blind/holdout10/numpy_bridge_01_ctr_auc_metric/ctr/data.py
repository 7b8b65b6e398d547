import numpy as np
import torch
from torch.utils.data import Dataset

FIELDS = {"user_bucket": 50, "item": 200, "category": 12, "hour": 24, "device": 4, "slot": 6}


class SyntheticClicks(Dataset):
    """Categorical impressions with a planted second-order interaction model."""

    def __init__(self, n, seed=0, latent=4):
        rng = np.random.default_rng(seed)
        self.offsets = np.cumsum([0] + list(FIELDS.values())[:-1])
        self.n_features = sum(FIELDS.values())
        cols = [rng.integers(0, k, n) for k in FIELDS.values()]
        ids = np.stack(cols, 1) + self.offsets
        truth = np.random.default_rng(1234)
        w = truth.normal(0, 0.5, self.n_features)
        v = truth.normal(0, 0.4, (self.n_features, latent))
        emb = v[ids]
        pair = 0.5 * ((emb.sum(1) ** 2) - (emb ** 2).sum(1)).sum(1)
        logit = -1.5 + w[ids].sum(1) + pair
        p = 1 / (1 + np.exp(-logit))
        self.x = torch.from_numpy(ids.astype(np.int64))
        self.y = torch.from_numpy((rng.random(n) < p).astype(np.float32))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
