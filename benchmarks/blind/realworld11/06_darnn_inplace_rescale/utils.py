import numpy as np
import torch


def numpy_to_tvar(x):
    return torch.from_numpy(x).float()


class MinMaxScaler:
    """Scales a series to [-1, 1]."""

    def fit(self, x):
        self.min = x.min(axis=0)
        self.max = x.max(axis=0)
        return self

    def transform(self, x):
        return 2 * (x - self.min) / (self.max - self.min) - 1


def inverse_transform(y_pred, scaler):
    """Bring network outputs back to the target's original units."""
    half_range = float((scaler.max - scaler.min) / 2)
    mid = float((scaler.max + scaler.min) / 2)
    y_pred *= half_range
    y_pred += mid
    return y_pred


def make_series(n, n_driving, seed):
    rng = np.random.RandomState(seed)
    t = np.arange(n)
    X = np.stack([np.sin(t / (5 + 3 * k) + k) + 0.1 * rng.randn(n) for k in range(n_driving)], axis=1)
    y = 50 + 10 * X[:, :3].sum(axis=1) + 0.5 * rng.randn(n)
    return X.astype(np.float32), y.astype(np.float32)
