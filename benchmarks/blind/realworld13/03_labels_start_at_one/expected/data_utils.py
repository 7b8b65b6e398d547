import csv
import os

import numpy as np
import torch
from torch.utils.data import Dataset


def make_reviews_csv(path, n=400, n_feat=20, seed=7):
    """Writes a small table of review features and their 1-5 star rating."""
    rng = np.random.RandomState(seed)
    centers = rng.randn(5, n_feat) * 1.5
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['f%d' % i for i in range(n_feat)] + ['stars'])
        for _ in range(n):
            stars = rng.randint(1, 6)
            x = centers[stars - 1] + rng.randn(n_feat)
            w.writerow(['%.4f' % v for v in x] + [stars])


def load_reviews(path):
    if not os.path.exists(path):
        make_reviews_csv(path)
    with open(path) as f:
        rows = list(csv.DictReader(f))
    feat_cols = [c for c in rows[0].keys() if c != 'stars']
    X = np.array([[float(r[c]) for c in feat_cols] for r in rows], dtype=np.float32)
    y = np.array([int(r['stars']) - 1 for r in rows], dtype=np.int64)
    return X, y


class ReviewDataset(Dataset):
    def __init__(self, X, y):
        self.X = torch.from_numpy(X)
        self.y = torch.from_numpy(y)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return self.X[idx], self.y[idx]
