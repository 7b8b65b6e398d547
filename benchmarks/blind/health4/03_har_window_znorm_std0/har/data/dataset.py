import numpy as np
import torch
from torch.utils.data import Dataset

from .transforms import znorm_window

ACTIVITIES = ["idle", "walk", "run", "stairs", "cycle"]


class AccelWindows(Dataset):
    """Synthetic tri-axial accelerometer windows, one activity per window."""

    def __init__(self, n_windows=3000, window=128, channels=3, idle_fraction=0.08, seed=0):
        rng = np.random.RandomState(seed)
        t = np.arange(window) / 50.0  # 50 Hz
        xs, ys = [], []
        freqs = {1: 1.8, 2: 2.9, 3: 1.2, 4: 1.5}
        for _ in range(n_windows):
            if rng.rand() < idle_fraction:
                label = 0
                # lying still: constant gravity reading, quantised sensor -> exactly flat
                g = np.round(rng.randn(channels, 1) * 3, 1)
                w = np.repeat(g, window, axis=1)
            else:
                label = rng.randint(1, 5)
                f = freqs[label] * (1 + 0.05 * rng.randn())
                amp = rng.uniform(0.5, 3.0, size=(channels, 1))
                phase = rng.uniform(0, 2 * np.pi, size=(channels, 1))
                w = amp * np.sin(2 * np.pi * f * t + phase)
                if label == 3:
                    w += 0.8 * np.sign(np.sin(2 * np.pi * 0.6 * t))
                w += 0.2 * rng.randn(channels, window) + rng.randn(channels, 1)
            xs.append(w.astype(np.float32))
            ys.append(label)
        self.x = torch.from_numpy(np.stack(xs))
        self.y = torch.tensor(ys)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return znorm_window(self.x[i]), self.y[i]
