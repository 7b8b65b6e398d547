import torch
from torch.utils.data import Dataset


def simulate_plant(n_steps=700, n_sensors=6, seed=0):
    """Multivariate readings of a toy industrial process (temperatures, pressures, flow)."""
    g = torch.Generator().manual_seed(seed)
    A = 0.9 * torch.eye(n_sensors) + 0.05 * torch.randn(n_sensors, n_sensors, generator=g)
    x = torch.zeros(n_steps, n_sensors)
    for t in range(1, n_steps):
        x[t] = torch.tanh(x[t - 1] @ A.T) + 0.1 * torch.randn(n_sensors, generator=g)
    return x


class NextReadingDataset(Dataset):
    """Item i: the `history` readings starting at i, and the reading right after them."""

    def __init__(self, readings: torch.Tensor, history: int):
        self.readings = readings
        self.history = history
        self.mean = readings.mean(0)
        self.std = readings.std(0)

    def __len__(self):
        return len(self.readings) - self.history + 1

    def __getitem__(self, i):
        z = (self.readings - self.mean) / self.std
        return z[i: i + self.history], z[i + self.history]
