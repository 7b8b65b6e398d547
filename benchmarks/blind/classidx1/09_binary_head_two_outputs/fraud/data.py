import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_transactions(n_samples, n_features, fraud_rate, seed):
    rng = np.random.RandomState(seed)
    y = (rng.rand(n_samples) < fraud_rate).astype(np.float32)
    X = rng.randn(n_samples, n_features).astype(np.float32)
    X[:, 0] += 1.5 * y
    X[:, 1] -= 1.0 * y
    X[:, 2] = np.abs(X[:, 2]) * (1 + 2 * y)
    mean, std = X.mean(0), X.std(0) + 1e-6
    X = (X - mean) / std
    return X, y.reshape(-1, 1)


def build_datasets(cfg):
    X, y = make_transactions(cfg['n_samples'], cfg['n_features'], cfg['fraud_rate'], cfg['seed'])
    n_val = len(X) // 5
    train = TensorDataset(torch.from_numpy(X[n_val:]), torch.from_numpy(y[n_val:]))
    val = TensorDataset(torch.from_numpy(X[:n_val]), torch.from_numpy(y[:n_val]))
    return train, val
