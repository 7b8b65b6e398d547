import numpy as np
import torch
from torch.utils.data import Dataset

ACTIVITIES = ["walking", "upstairs", "downstairs", "sitting", "standing", "lying"]


def synth_recordings(n, window, channels, seed):
    """Raw IMU windows (n, C, T). The wrist unit has no magnetometer: mag_* are logged as 0."""
    rng = np.random.default_rng(seed)
    t = np.arange(window) / 50.0
    X = np.zeros((n, len(channels), window), np.float32)
    y = rng.integers(0, len(ACTIVITIES), n)
    for i in range(n):
        f = 0.8 + 0.5 * y[i]
        amp = 2.0 if y[i] < 3 else 0.2
        for c, name in enumerate(channels):
            if name.startswith("mag"):
                continue
            phase = rng.uniform(0, 2 * np.pi)
            g = 9.81 if (name == "acc_z" and y[i] != 5) else (9.81 if name == "acc_x" and y[i] == 5 else 0.0)
            X[i, c] = g + amp * np.sin(2 * np.pi * f * t + phase) + rng.normal(0, 0.3, window)
    return X, y.astype(np.int64)


class IMUWindows(Dataset):
    def __init__(self, X, y, normalizer=None):
        self.X = torch.from_numpy(X)
        self.y = torch.from_numpy(y)
        self.normalizer = normalizer

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        x = self.X[i]
        if self.normalizer is not None:
            x = self.normalizer(x)
        return x, self.y[i]
