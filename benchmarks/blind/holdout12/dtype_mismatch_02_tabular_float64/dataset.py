import os

import numpy as np
import torch
from torch.utils.data import Dataset

from make_data import write_synthetic_housing


def load_table(path, target):
    if not os.path.exists(path):
        write_synthetic_housing(path)
    with open(path) as f:
        header = f.readline().strip().split(",")
    table = np.loadtxt(path, delimiter=",", skiprows=1)
    t = header.index(target)
    features = np.delete(table, t, axis=1)
    labels = table[:, t]
    return features, labels


class Standardizer:
    def fit(self, x):
        self.mean = x.mean(axis=0)
        self.std = x.std(axis=0) + 1e-8
        return self

    def transform(self, x):
        return (x - self.mean) / self.std


class TabularDataset(Dataset):
    def __init__(self, features, labels, x_scaler, y_scaler):
        self.x = torch.from_numpy(x_scaler.transform(features))
        self.y = torch.from_numpy(y_scaler.transform(labels[:, None])).float()

    def __len__(self):
        return len(self.x)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx]


def build_datasets(cfg):
    features, labels = load_table(cfg["data_path"], cfg["target"])
    rng = np.random.default_rng(cfg["seed"])
    order = rng.permutation(len(features))
    n_val = int(len(order) * cfg["val_fraction"])
    val_idx, train_idx = order[:n_val], order[n_val:]
    x_scaler = Standardizer().fit(features[train_idx])
    y_scaler = Standardizer().fit(labels[train_idx, None])
    train = TabularDataset(features[train_idx], labels[train_idx], x_scaler, y_scaler)
    val = TabularDataset(features[val_idx], labels[val_idx], x_scaler, y_scaler)
    return train, val
