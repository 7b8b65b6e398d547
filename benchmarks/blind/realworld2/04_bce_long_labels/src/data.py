import numpy as np
import torch
from torch.utils.data import Dataset


def make_churn_table(n_samples, n_features, seed=0):
    rng = np.random.RandomState(seed)
    X = rng.randn(n_samples, n_features).astype(np.float32)
    w = rng.randn(n_features)
    y = (X @ w + 0.3 * rng.randn(n_samples) > 0).astype(np.int64)
    return X, y


class ChurnDataset(Dataset):
    def __init__(self, X, y):
        self.X = X
        self.y = y

    def __len__(self):
        return len(self.X)

    def __getitem__(self, idx):
        features = torch.from_numpy(self.X[idx])
        label = torch.tensor([self.y[idx]])
        return features, label
