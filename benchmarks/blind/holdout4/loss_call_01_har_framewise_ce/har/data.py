import numpy as np
import torch
from torch.utils.data import Dataset


def simulate_sessions(n_sessions, length, channels, n_classes, seed):
    """IMU recordings where the activity switches a few times per session."""
    rng = np.random.default_rng(seed)
    freqs = np.linspace(0.5, 3.0, n_classes)
    amps = np.linspace(0.2, 1.5, n_classes)
    X = np.zeros((n_sessions, length, channels), dtype=np.float32)
    Y = np.zeros((n_sessions, length), dtype=np.int64)
    t = np.arange(length) / 50.0
    for s in range(n_sessions):
        cuts = np.sort(rng.choice(np.arange(16, length - 16), 3, replace=False))
        bounds = [0, *cuts.tolist(), length]
        for a, b in zip(bounds[:-1], bounds[1:]):
            c = rng.integers(n_classes)
            Y[s, a:b] = c
            phase = rng.uniform(0, 2 * np.pi, channels)
            X[s, a:b] = amps[c] * np.sin(2 * np.pi * freqs[c] * t[a:b, None] + phase)
        X[s] += rng.normal(0, 0.2, (length, channels)).astype(np.float32)
    return X, Y


class ChunkedSessions(Dataset):
    def __init__(self, X, Y, chunk_len):
        n, length, _ = X.shape
        per = length // chunk_len
        self.x = torch.from_numpy(X[:, : per * chunk_len].reshape(n * per, chunk_len, -1))
        self.y = torch.from_numpy(Y[:, : per * chunk_len].reshape(n * per, chunk_len))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
