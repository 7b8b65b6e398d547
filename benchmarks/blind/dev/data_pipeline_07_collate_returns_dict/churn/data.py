import numpy as np
import torch
from torch.utils.data import Dataset

FEATURES = ["tenure", "monthly_charges", "total_charges", "support_calls", "num_products", "age"]


class ChurnDataset(Dataset):
    """Synthetic customer-churn table; each sample is (feature dict, label)."""

    def __init__(self, n=500, seed=0):
        rng = np.random.default_rng(seed)
        self.table = {
            "tenure": rng.integers(1, 72, n).astype(np.float32),
            "monthly_charges": rng.uniform(20, 120, n).astype(np.float32),
            "support_calls": rng.poisson(1.5, n).astype(np.float32),
            "num_products": rng.integers(1, 5, n).astype(np.float32),
            "age": rng.integers(18, 80, n).astype(np.float32),
        }
        self.table["total_charges"] = self.table["tenure"] * self.table["monthly_charges"]
        logit = 0.04 * (30 - self.table["tenure"]) + 0.6 * (self.table["support_calls"] - 1.5) \
            + 0.01 * (self.table["monthly_charges"] - 70)
        self.labels = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(np.float32)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {k: self.table[k][i] for k in FEATURES}, self.labels[i]

    def stats(self):
        mat = np.stack([self.table[k] for k in FEATURES], axis=1)
        return mat.mean(0), mat.std(0)
