import numpy as np
import torch
from torch.utils.data import Dataset


def simulate_imu(n, channels, window, n_classes, seed):
    """Accelerometer windows; each activity has its own dominant frequency."""
    rng = np.random.default_rng(seed)
    t = np.arange(window) / 32.0
    labels = rng.integers(n_classes, size=n)
    freqs = 0.8 + 0.9 * labels
    phase = rng.uniform(0, 2 * np.pi, size=(n, channels, 1))
    amp = rng.uniform(0.5, 1.5, size=(n, channels, 1))
    sig = amp * np.sin(2 * np.pi * freqs[:, None, None] * t[None, None, :] + phase)
    sig += 0.3 * rng.normal(size=sig.shape)
    return sig, labels


class IMUWindows(Dataset):
    def __init__(self, signals, labels):
        mean = signals.mean(axis=(0, 2), keepdims=True)
        std = signals.std(axis=(0, 2), keepdims=True)
        self.x = torch.from_numpy((signals - mean) / std).float()
        self.y = torch.from_numpy(labels)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
