import numpy as np
import torch
from torch.utils.data import Dataset

from .preprocess import preprocess

ACTIVITIES = ["walking", "running", "sitting"]


def simulate_recordings(n, channels=3, length=100, seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, len(ACTIVITIES), n)
    t = np.linspace(0, 4 * np.pi, length, dtype=np.float32)
    X = np.empty((n, channels, length), dtype=np.float32)
    for i, a in enumerate(labels):
        drift = rng.normal(0, 0.05) * np.arange(length, dtype=np.float32)
        amp = [1.0, 2.5, 0.1][a]
        freq = [1.0, 2.5, 0.5][a]
        X[i] = amp * np.sin(freq * t + rng.uniform(0, 6)) + drift + rng.normal(0, 0.2, (channels, length))
    return X, labels


class HARWindows(Dataset):
    def __init__(self, n, seed=0):
        self.X, self.y = simulate_recordings(n, seed=seed)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        x = preprocess(self.X[idx])
        return torch.from_numpy(x), torch.tensor(self.y[idx])
