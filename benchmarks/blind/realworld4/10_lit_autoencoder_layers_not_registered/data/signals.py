import numpy as np
import torch
from torch.utils.data import TensorDataset


def vibration_windows(n=512, channels=4, length=128, seed=0):
    """multichannel vibration-sensor windows: a few harmonics plus noise"""
    rng = np.random.RandomState(seed)
    t = np.arange(length) / length
    x = np.zeros((n, channels, length), dtype=np.float32)
    for i in range(n):
        f = rng.uniform(2, 10)
        for c in range(channels):
            x[i, c] = np.sin(2 * np.pi * f * (c + 1) * t + rng.rand() * 6) + 0.1 * rng.randn(length)
    return TensorDataset(torch.from_numpy(x))
