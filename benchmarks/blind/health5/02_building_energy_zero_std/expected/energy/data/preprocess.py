import numpy as np
import torch
from torch.utils.data import TensorDataset


class Standardizer:
    """Column-wise z-score, fitted on the training split only."""

    def fit(self, X):
        self.mean_ = X.mean(axis=0)
        std = X.std(axis=0)
        self.std_ = np.where(std > 0, std, 1.0)  # constant columns (e.g. an all-zero flag) stay 0 after centring
        return self

    def transform(self, X):
        return (X - self.mean_) / self.std_


def split(X, y, val_fraction, seed):
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(X))
    n_val = int(len(X) * val_fraction)
    return (X[idx[n_val:]], y[idx[n_val:]]), (X[idx[:n_val]], y[idx[:n_val]])


def make_datasets(X, y, cfg):
    (Xtr, ytr), (Xva, yva) = split(X, y, cfg.val_fraction, cfg.seed)
    scaler = Standardizer().fit(Xtr)
    y_mean, y_std = ytr.mean(), ytr.std()
    to_ds = lambda a, b: TensorDataset(torch.from_numpy(scaler.transform(a).astype(np.float32)),
                                       torch.from_numpy(((b - y_mean) / y_std).astype(np.float32)))
    return to_ds(Xtr, ytr), to_ds(Xva, yva), scaler
