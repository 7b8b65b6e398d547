"""Synthetic equation-of-state samples. Features are tiny differences of large numbers
(reduced pressure / temperature near the critical point), so everything is kept in float64."""
import numpy as np
import torch
from torch.utils.data import Dataset

PHASES = ["gas", "liquid", "supercritical"]


def sample_states(n, rng):
    T = rng.uniform(0.7, 1.3, size=n)          # reduced temperature
    rho = rng.uniform(0.05, 2.5, size=n)       # reduced density
    # van der Waals in reduced units
    P = 8 * T * rho / (3 - rho) - 3 * rho ** 2
    phase = np.where(T > 1.0, 2, np.where(rho > 1.0, 1, 0))
    X = np.stack([T - 1.0, rho - 1.0, P - 1.0, (T - 1.0) * (rho - 1.0)], axis=1)
    return X, phase


class StateDataset(Dataset):
    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        X, y = sample_states(n, rng)
        self.X = torch.from_numpy(X)              # float64 on purpose
        self.y = torch.from_numpy(y.astype(np.int64))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.X[i], self.y[i]
