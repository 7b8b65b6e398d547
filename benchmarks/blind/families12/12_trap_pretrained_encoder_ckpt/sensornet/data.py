import numpy as np
import torch
from torch.utils.data import TensorDataset


def sensor_readings(n, n_features, num_classes=3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, num_classes, n)
    centers = np.random.default_rng(42).normal(0, 2, (num_classes, n_features))
    x = centers[y] + rng.normal(0, 1, (n, n_features))
    return TensorDataset(torch.tensor(x, dtype=torch.float32), torch.tensor(y))
