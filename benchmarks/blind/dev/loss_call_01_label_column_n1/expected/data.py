import os
import tempfile

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

N_CLASSES = 4


def write_fake_csv(path, n=400, n_feat=10, seed=3):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, N_CLASSES, n)
    centers = rng.normal(scale=2.0, size=(N_CLASSES, n_feat))
    X = centers[y] + rng.normal(size=(n, n_feat))
    header = ",".join([f"f{i}" for i in range(n_feat)] + ["grade"])
    np.savetxt(path, np.column_stack([X, y]), delimiter=",", header=header, comments="", fmt="%.5f")


def load_csv(path):
    table = np.genfromtxt(path, delimiter=",", skip_header=1)
    X = table[:, :-1].astype(np.float32)
    y = table[:, -1].astype(np.int64)
    return X, y


def make_loaders(batch_size, seed=0):
    path = os.path.join(tempfile.mkdtemp(), "grades.csv")
    write_fake_csv(path)
    X, y = load_csv(path)
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(X))
    cut = int(0.8 * len(X))
    tr, va = idx[:cut], idx[cut:]
    to_ds = lambda ix: TensorDataset(torch.from_numpy(X[ix]), torch.from_numpy(y[ix]))
    return (DataLoader(to_ds(tr), batch_size=batch_size, shuffle=True),
            DataLoader(to_ds(va), batch_size=batch_size))
