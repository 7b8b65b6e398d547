import numpy as np
import torch
from torch.utils.data import Dataset


class HousingLike(Dataset):
    def __init__(self, n=384, n_features=10, seed=7):
        rng = np.random.RandomState(seed)
        self.x = rng.normal(size=(n, n_features)).astype(np.float32)
        w = rng.normal(size=(n_features,)).astype(np.float32)
        self.y = (self.x @ w + 0.5 * np.sin(self.x[:, 0] * 2) + 0.1 * rng.normal(size=n)).astype(np.float32)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), torch.tensor(self.y[i])
