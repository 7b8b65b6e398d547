import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset


def make_dataset(n=600, n_features=20, n_classes=3, seed=0):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=(n_features, n_classes))
    x = rng.normal(size=(n, n_features))
    logits = x @ w + 0.5 * rng.normal(size=(n, n_classes))
    y = logits.argmax(1)
    return torch.tensor(x, dtype=torch.float32), torch.tensor(y, dtype=torch.long)


def kfold_indices(n, k, seed=0):
    perm = np.random.default_rng(seed).permutation(n)
    folds = np.array_split(perm, k)
    for i in range(k):
        val_idx = folds[i]
        train_idx = np.concatenate([folds[j] for j in range(k) if j != i])
        yield torch.from_numpy(train_idx), torch.from_numpy(val_idx)


def fold_loaders(x, y, train_idx, val_idx, batch_size):
    train = DataLoader(TensorDataset(x[train_idx], y[train_idx]), batch_size=batch_size, shuffle=True)
    val = DataLoader(TensorDataset(x[val_idx], y[val_idx]), batch_size=256)
    return train, val
