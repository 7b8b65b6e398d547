import numpy as np
import torch
from torch.utils.data import TensorDataset

ACTIVITIES = ["walk", "run", "sit", "stand", "stairs_up", "stairs_down"]


def simulate_windows(n, window=64, seed=0, labelled=True):
    """Tri-axial accelerometer windows; each activity has its own cadence/amplitude/gravity axis."""
    rng = np.random.default_rng(seed)
    t = np.arange(window) / 32.0
    cadence = np.array([1.8, 2.8, 0.0, 0.0, 1.5, 1.6])
    amp = np.array([0.6, 1.4, 0.05, 0.08, 0.8, 0.9])
    tilt = np.array([0.0, 0.1, 0.9, 0.0, 0.2, -0.2])
    y = rng.integers(0, len(ACTIVITIES), n)
    x = np.empty((n, 3, window), np.float32)
    for i, k in enumerate(y):
        ph = rng.uniform(0, 2 * np.pi, 3)
        f = cadence[k] * rng.uniform(0.9, 1.1)
        base = amp[k] * np.sin(2 * np.pi * f * t[None] + ph[:, None])
        base[2] += 1.0 - tilt[k]
        base[0] += tilt[k]
        x[i] = base + rng.normal(0, 0.15, (3, window))
    xs = torch.from_numpy(x)
    return TensorDataset(xs, torch.from_numpy(y)) if labelled else TensorDataset(xs)
