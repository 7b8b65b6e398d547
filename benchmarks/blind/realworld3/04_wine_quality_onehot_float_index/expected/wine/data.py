import csv
import os
import numpy as np
import torch

COLS = ["fixed acidity", "volatile acidity", "citric acid", "residual sugar", "chlorides",
        "free sulfur dioxide", "total sulfur dioxide", "density", "pH", "sulphates",
        "alcohol", "quality"]


def write_fake_winequality(path, n=1000, seed=0):
    """small stand-in for winequality-white.csv (same ';' separated layout)"""
    if os.path.exists(path):
        return
    rng = np.random.RandomState(seed)
    rows = []
    for _ in range(n):
        alcohol = rng.uniform(8, 14)
        va = rng.uniform(0.1, 1.0)
        feats = [rng.uniform(4, 10), va, rng.uniform(0, 1), rng.uniform(0.5, 20), rng.uniform(0.01, 0.2),
                 rng.uniform(2, 70), rng.uniform(10, 250), rng.uniform(0.99, 1.0), rng.uniform(2.8, 3.8),
                 rng.uniform(0.3, 1.0), alcohol]
        quality = int(np.clip(round((alcohol - 8) / 1.2 + 3 - 2 * va + rng.normal(0, 0.5)), 3, 9))
        rows.append(feats + [quality])
    with open(path, "w", newline="") as f:
        w = csv.writer(f, delimiter=";")
        w.writerow(COLS)
        w.writerows(rows)


def load_wine(path):
    wineq_numpy = np.loadtxt(path, dtype=np.float32, delimiter=";", skiprows=1)
    wineq = torch.from_numpy(wineq_numpy)
    data = wineq[:, :-1]
    target = wineq[:, -1].long()
    return data, target


def one_hot(target, num_classes=10):
    target_onehot = torch.zeros(target.shape[0], num_classes)
    target_onehot.scatter_(1, target.unsqueeze(1), 1.0)
    return target_onehot


def normalize(data):
    data_mean = torch.mean(data, dim=0)
    data_var = torch.var(data, dim=0)
    return (data - data_mean) / torch.sqrt(data_var)
