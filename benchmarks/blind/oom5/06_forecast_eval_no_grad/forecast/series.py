import numpy as np
import torch
from torch.utils.data import TensorDataset


def make_sensor_windows(n, channels=8, length=1024, seed=0):
    """Multichannel sensor windows; target: the next-step value of channel 0 at each time step."""
    rng = np.random.default_rng(seed)
    t = np.arange(length + 1, dtype=np.float32)
    freqs = rng.uniform(0.005, 0.05, size=(n, channels, 1)).astype(np.float32)
    phases = rng.uniform(0, 2 * np.pi, size=(n, channels, 1)).astype(np.float32)
    x = np.sin(2 * np.pi * freqs * t + phases) + 0.1 * rng.standard_normal((n, channels, length + 1)).astype(np.float32)
    x[:, 0] += 0.5 * x[:, 1]
    inputs = torch.from_numpy(x[:, :, :-1].copy())
    targets = torch.from_numpy(x[:, :1, 1:].copy())
    return TensorDataset(inputs, targets)
