import numpy as np
import torch
from torch.utils.data import Dataset


class HousingDataset(Dataset):
    """Synthetic tabular regression set: returns dict samples."""

    def __init__(self, n_samples, n_features, seed=0):
        rng = np.random.default_rng(seed)
        self.x = rng.normal(size=(n_samples, n_features)).astype(np.float32)
        coef = rng.uniform(-2, 2, size=n_features).astype(np.float32)
        self.y = (self.x @ coef + 0.1 * rng.normal(size=n_samples)).astype(np.float32)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return {"features": torch.from_numpy(self.x[idx]), "target": torch.tensor(self.y[idx])}
