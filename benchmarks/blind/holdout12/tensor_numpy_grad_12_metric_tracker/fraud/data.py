import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_transactions(n=6000, n_features=20, fraud_rate=0.08, seed=11):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < fraud_rate).astype(np.float32)
    x = rng.normal(size=(n, n_features)).astype(np.float32)
    shift = np.zeros(n_features, dtype=np.float32)
    shift[:5] = [1.5, -1.0, 0.8, 1.2, -0.6]
    x += y[:, None] * shift
    x[:, 5] = np.log1p(np.abs(x[:, 5]) * 100)  # heavy tailed "amount" column
    mean, std = x.mean(0), x.std(0)
    x = (x - mean) / std
    idx = rng.permutation(n)
    cut = int(0.8 * n)
    tr, va = idx[:cut], idx[cut:]
    to_ds = lambda i: TensorDataset(torch.from_numpy(x[i]), torch.from_numpy(y[i]))
    return to_ds(tr), to_ds(va), float(y[tr].mean())
