import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_sensor_snapshots(n=2000, n_sensors=32, latent=4, seed=0):
    """Readings from n_sensors that are driven by a few latent factors (low-rank + noise)."""
    rng = np.random.default_rng(seed)
    z = rng.normal(size=(n, latent))
    mixing = rng.normal(size=(latent, n_sensors))
    x = np.tanh(z @ mixing) + 0.05 * rng.normal(size=(n, n_sensors))
    x = torch.tensor(x, dtype=torch.float32)
    split = int(0.85 * n)
    return TensorDataset(x[:split]), TensorDataset(x[split:])
