import numpy as np
import torch
from torch.utils.data import Dataset


class NextStepWindows(Dataset):
    """Sliding windows over a multivariate series; target is the PV output right after the window."""

    def __init__(self, values: np.ndarray, target: np.ndarray, lookback: int):
        assert len(values) == len(target)
        self.values = values.astype(np.float32)
        self.target = target.astype(np.float32)
        self.lookback = lookback

    def __len__(self):
        return len(self.values) - self.lookback

    def __getitem__(self, idx):
        x = self.values[idx:idx + self.lookback]
        y = self.target[idx + self.lookback]
        return torch.from_numpy(x), torch.tensor(y)
