import numpy as np
import torch
from torch.utils.data import Dataset, random_split

ACTIVITIES = ["walking", "running", "sitting", "stairs_up", "stairs_down", "cycling"]


def simulate_imu(n_windows, window=40, channels=6, seed=0):
    """Accelerometer + gyroscope windows; each activity has its own dominant frequency/amplitude."""
    rng = np.random.default_rng(seed)
    t = np.arange(window) / 20.0
    freqs = np.array([1.8, 2.9, 0.0, 1.4, 1.6, 1.1])
    amps = np.array([1.0, 2.2, 0.05, 1.3, 1.5, 0.8])
    y = rng.integers(0, len(ACTIVITIES), n_windows)
    X = np.empty((n_windows, window, channels), dtype=np.float32)
    for i, a in enumerate(y):
        phase = rng.uniform(0, 2 * np.pi, channels)
        gain = rng.uniform(0.5, 1.5, channels)
        sig = amps[a] * gain * np.sin(2 * np.pi * freqs[a] * t[:, None] + phase)
        X[i] = sig + 0.3 * rng.standard_normal((window, channels))
    return X, y


class IMUWindows(Dataset):
    def __init__(self, X, y):
        self.X = torch.from_numpy(X)
        self.y = torch.from_numpy(y).long()

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.X[i], self.y[i]


def make_splits(n=640, val_frac=0.2, seed=0):
    X, y = simulate_imu(n, seed=seed)
    ds = IMUWindows(X, y)
    n_val = int(n * val_frac)
    return random_split(ds, [n - n_val, n_val], generator=torch.Generator().manual_seed(seed))
