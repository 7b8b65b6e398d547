import numpy as np
import torch
from torch.utils.data import Dataset


def generate_housing_data(n_samples=800, n_features=8, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n_samples, n_features))
    true_w = rng.uniform(-2, 2, size=n_features)
    y = X @ true_w + 0.3 * rng.normal(size=n_samples) + 5.0
    return X, y


class HousingDataset(Dataset):
    def __init__(self, X, y, mean=None, std=None):
        if mean is None:
            mean = X.mean(axis=0)
            std = X.std(axis=0) + 1e-8
        self.mean, self.std = mean, std
        self.X = ((X - mean) / std).astype(np.float32)
        self.y = y.astype(np.float32)

    def __len__(self):
        return len(self.X)

    def __getitem__(self, idx):
        features = torch.from_numpy(self.X[idx])
        target = torch.tensor([self.y[idx]])
        return features, target
