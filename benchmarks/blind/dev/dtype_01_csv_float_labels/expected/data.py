"""Data loading for the iris-like tabular classifier.

The CSV has 4 numeric feature columns followed by an integer class column.
"""
import csv
import os
import tempfile

import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader


def make_fake_csv(path, n_rows=300, seed=0):
    rng = np.random.default_rng(seed)
    centers = np.array([[5.0, 3.4, 1.5, 0.2], [5.9, 2.8, 4.3, 1.3], [6.6, 3.0, 5.6, 2.0]])
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["sepal_length", "sepal_width", "petal_length", "petal_width", "species"])
        for i in range(n_rows):
            k = i % 3
            feats = centers[k] + rng.normal(scale=0.3, size=4)
            w.writerow([f"{v:.2f}" for v in feats] + [k])


class TabularDataset(Dataset):
    def __init__(self, csv_path):
        table = np.loadtxt(csv_path, delimiter=",", skiprows=1)
        self.features = torch.from_numpy(table[:, :-1]).float()
        self.labels = torch.from_numpy(table[:, -1]).long()
        # standardise features
        mean, std = self.features.mean(0), self.features.std(0)
        self.features = (self.features - mean) / std

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.features[idx], self.labels[idx]


def get_loaders(batch_size=32, val_frac=0.2):
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "iris.csv")
    make_fake_csv(path)
    ds = TabularDataset(path)
    n_val = int(len(ds) * val_frac)
    train_ds, val_ds = torch.utils.data.random_split(
        ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(0)
    )
    return (
        DataLoader(train_ds, batch_size=batch_size, shuffle=True),
        DataLoader(val_ds, batch_size=batch_size),
    )
