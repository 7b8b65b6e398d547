"""CSV loading / preprocessing for the churn tabular model."""
import csv
import os
import random
import tempfile

import numpy as np
import torch
from torch.utils.data import Dataset

REGIONS = ["north", "south", "east", "west"]


def make_fake_csv(path, cfg, seed=0):
    rng = random.Random(seed)
    cols = cfg["numeric_cols"] + cfg["categorical_cols"] + [cfg["target"]]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for _ in range(cfg["n_rows"]):
            nums = [round(rng.gauss(0, 1), 4) for _ in cfg["numeric_cols"]]
            region = rng.choice(REGIONS)
            label = int(nums[0] + 0.5 * nums[6] + (region == "east") > 0.3)
            w.writerow(nums + [region, label])


class ChurnTable(Dataset):
    def __init__(self, rows, cfg, stats=None):
        num = np.array([[float(r[c]) for c in cfg["numeric_cols"]] for r in rows], dtype=np.float32)
        if stats is None:
            stats = (num.mean(0), num.std(0) + 1e-6)
        self.stats = stats
        num = (num - stats[0]) / stats[1]
        # one-hot encode categoricals
        cats = []
        for c in cfg["categorical_cols"]:
            onehot = np.zeros((len(rows), len(REGIONS)), dtype=np.float32)
            for i, r in enumerate(rows):
                onehot[i, REGIONS.index(r[c])] = 1.0
            cats.append(onehot)
        self.x = torch.from_numpy(np.concatenate([num] + cats, axis=1))
        self.y = torch.tensor([int(r[cfg["target"]]) for r in rows], dtype=torch.long)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def load_splits(cfg, seed=0):
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "churn.csv")
    make_fake_csv(path, cfg, seed)
    with open(path) as f:
        rows = list(csv.DictReader(f))
    random.Random(seed).shuffle(rows)
    n_val = int(len(rows) * cfg["val_frac"])
    train = ChurnTable(rows[n_val:], cfg)
    val = ChurnTable(rows[:n_val], cfg, stats=train.stats)
    return train, val
