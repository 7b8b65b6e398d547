import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_activity_windows(n, n_classes=5, window=32, channels=3, seed=0):
    """Accelerometer-like windows; each activity has its own dominant frequency."""
    rng = np.random.default_rng(seed)
    priors = np.array([0.4, 0.25, 0.2, 0.1, 0.05])[:n_classes]
    y = rng.choice(n_classes, size=n, p=priors / priors.sum())
    t = np.arange(window)
    x = np.stack([np.sin(2 * np.pi * (1 + y[:, None]) * t / window + rng.uniform(0, 6.28, size=(n, 1)))
                  for _ in range(channels)], axis=1)
    x = x + 0.3 * rng.standard_normal(x.shape)
    return TensorDataset(torch.tensor(x, dtype=torch.float32), torch.tensor(y, dtype=torch.long))
