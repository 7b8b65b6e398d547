import csv

import numpy as np
import torch
from torch.utils.data import Dataset

NUMERIC = ["length_words", "exclaims", "caps_ratio", "pos_terms", "neg_terms",
           "helpful_votes", "verified", "days_since_purchase"]
LOG_SCALED = {"length_words", "helpful_votes", "days_since_purchase"}
STAR_LEVELS = [1, 2, 3, 4, 5]


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def featurize(rows):
    cols = []
    for name in NUMERIC:
        v = np.array([float(r[name]) for r in rows], dtype=np.float32)
        cols.append(np.log1p(v) if name in LOG_SCALED else v)
    return np.stack(cols, axis=1)


class ReviewDataset(Dataset):
    def __init__(self, rows, stats=None):
        x = featurize(rows)
        if stats is None:
            stats = (x.mean(0), x.std(0) + 1e-6)
        self.stats = stats
        self.x = torch.from_numpy((x - stats[0]) / stats[1])
        self.y = torch.tensor([int(r["stars"]) for r in rows], dtype=torch.long)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
