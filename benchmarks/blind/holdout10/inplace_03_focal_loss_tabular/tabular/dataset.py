import numpy as np
import torch
from torch.utils.data import Dataset

CAT_CARDINALITY = {"plan": 4, "region": 7, "channel": 3}
NUM_COLS = ["tenure", "monthly_spend", "support_calls", "usage_gb", "late_payments"]


def synth_customers(n_rows, positive_rate, seed):
    rng = np.random.default_rng(seed)
    cats = {c: rng.integers(0, k, n_rows) for c, k in CAT_CARDINALITY.items()}
    num = np.column_stack([
        rng.exponential(24, n_rows),
        rng.normal(60, 20, n_rows),
        rng.poisson(1.5, n_rows),
        rng.gamma(2.0, 10.0, n_rows),
        rng.poisson(0.3, n_rows),
    ]).astype(np.float32)
    score = (-0.04 * num[:, 0] + 0.5 * num[:, 2] + 0.9 * num[:, 4] + 0.3 * (cats["plan"] == 0)
             + 0.4 * (cats["channel"] == 2) + rng.normal(0, 1, n_rows))
    thresh = np.quantile(score, 1 - positive_rate)
    y = (score > thresh).astype(np.float32)
    return cats, num, y


class Standardizer:
    def fit(self, x):
        self.mean = x.mean(0)
        self.std = x.std(0) + 1e-6
        return self

    def __call__(self, x):
        return (x - self.mean) / self.std


class ChurnDataset(Dataset):
    def __init__(self, cats, num, y, idx, scaler):
        self.cat = torch.from_numpy(np.column_stack([cats[c][idx] for c in CAT_CARDINALITY])).long()
        self.num = torch.from_numpy(scaler(num[idx])).float()
        self.y = torch.from_numpy(y[idx])

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.cat[i], self.num[i], self.y[i]
