import csv
import os

import numpy as np
import torch
from torch.utils.data import Dataset

STEPS = 40
FEATURES = ["R", "C", "u_in", "u_out", "time_step"]


def simulate_breaths(path, n_breaths=480, seed=0):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["breath_id"] + FEATURES + ["pressure"])
        for b in range(n_breaths):
            R = rng.choice([5, 20, 50])
            C = rng.choice([10, 20, 50])
            t = np.cumsum(rng.uniform(0.03, 0.035, STEPS))
            insp = int(rng.integers(25, 32))
            u_in = np.where(np.arange(STEPS) < insp, rng.uniform(5, 40) * np.exp(-t), 0.0)
            u_out = (np.arange(STEPS) >= insp).astype(float)
            volume = np.cumsum(u_in * 0.033)
            pressure = 5 + volume / C * 10 + R * u_in / 100 + rng.normal(0, 0.2, STEPS)
            for s in range(STEPS):
                w.writerow([b, R, C, f"{u_in[s]:.4f}", int(u_out[s]), f"{t[s]:.4f}", f"{pressure[s]:.4f}"])


def load_breaths(path):
    arr = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)
    arr = arr[np.lexsort((arr[:, 5], arr[:, 0]))]
    x = arr[:, 1:6].reshape(-1, STEPS, len(FEATURES))
    y = arr[:, 6].reshape(-1, STEPS)
    return x, y


class FeatureScaler:
    def fit(self, x):
        flat = x.reshape(-1, x.shape[-1])
        self.mean = flat.mean(0)
        self.std = flat.std(0) + 1e-6
        return self

    def transform(self, x):
        return ((x - self.mean) / self.std).astype(np.float32)

    def state_dict(self):
        return {"mean": self.mean, "std": self.std}

    def load_state_dict(self, state):
        self.mean = np.asarray(state["mean"], dtype=np.float32)
        self.std = np.asarray(state["std"], dtype=np.float32)


class BreathDataset(Dataset):
    def __init__(self, x, y):
        self.x = torch.from_numpy(x)
        self.y = torch.from_numpy(y)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
