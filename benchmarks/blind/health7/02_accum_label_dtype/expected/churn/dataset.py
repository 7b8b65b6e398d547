import numpy as np
import torch
from torch.utils.data import Dataset


def make_table(n, n_features, n_classes, seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, n_features)).astype(np.float32)
    w = rng.normal(size=(n_features, n_classes))
    y = np.argmax(x @ w + 0.3 * rng.normal(size=(n, n_classes)), axis=1)
    table = np.concatenate([x, y[:, None]], axis=1).astype(np.float32)
    return table


class ChurnTable(Dataset):
    """Rows of (features..., label) as exported from the feature store."""

    def __init__(self, table):
        self.features = torch.from_numpy(table[:, :-1].copy())
        self.labels = torch.from_numpy(table[:, -1].copy()).long()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.features[i], self.labels[i]
