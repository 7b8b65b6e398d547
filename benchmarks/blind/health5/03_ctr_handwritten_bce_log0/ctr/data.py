import numpy as np
import torch
from torch.utils.data import Dataset


class ClickLog(Dataset):
    """Synthetic click log: item id, item category + three raw dense features."""

    def __init__(self, n_rows, n_items, n_categories, seed=0):
        rng = np.random.default_rng(seed)
        self.item = rng.integers(0, n_items, n_rows)
        self.cat = self.item % n_categories
        price = rng.lognormal(4.0, 1.0, n_rows)             # 5 .. 2000
        age = rng.integers(16, 80, n_rows).astype(float)
        clicks_30d = rng.poisson(40, n_rows).astype(float)
        item_bias = rng.normal(0, 1, n_items)
        logit = item_bias[self.item] - 0.01 * (price - 60) + 0.03 * (clicks_30d - 40) - 1.0
        self.y = (rng.random(n_rows) < 1 / (1 + np.exp(-logit))).astype(np.float32)
        # dense features are fed raw; the deep tower is supposed to learn the scale
        self.dense = np.stack([price, age, clicks_30d], 1).astype(np.float32)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return (torch.tensor(self.item[i]), torch.tensor(self.cat[i]),
                torch.from_numpy(self.dense[i]), torch.tensor(self.y[i]))
