import numpy as np
import torch
from torch.utils.data import Dataset


FEATURES = ["amount", "balance_before", "balance_after", "hour", "n_tx_24h", "merchant_risk", "account_age_days", "distance_km"]


def make_transactions(n_train=1024, n_val=256, seed=0):
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    amount = rng.lognormal(5.0, 1.0, n)
    balance_before = rng.uniform(100, 5000, n)
    balance_after = np.clip(balance_before - amount, 0, None)
    hour = rng.integers(0, 24, n).astype(np.float64)
    n_tx = rng.poisson(4, n).astype(np.float64)
    risk = rng.uniform(0, 1, n)
    age = rng.uniform(1, 3000, n)
    dist = rng.exponential(30, n)
    x = np.stack([amount, balance_before, balance_after, hour, n_tx, risk, age, dist], axis=1)

    score = 0.004 * amount - 0.0004 * balance_after + 0.1 * (hour < 6) + 2.0 * risk + 0.01 * dist
    y = np.digitize(score, np.quantile(score, [0.25, 0.5, 0.75]))

    x = torch.tensor(x, dtype=torch.float32)
    y = torch.tensor(y, dtype=torch.long)
    return x[:n_train], y[:n_train], x[n_train:], y[n_train:]


class TransactionDataset(Dataset):
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx]
