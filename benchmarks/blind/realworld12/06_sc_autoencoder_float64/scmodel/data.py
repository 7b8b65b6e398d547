import numpy as np
import torch
from torch.utils.data import Dataset


def simulate_counts(n_cells=600, n_genes=200, n_batches=3, seed=0):
    rng = np.random.default_rng(seed)
    programs = rng.gamma(2.0, 1.0, size=(4, n_genes))
    cell_type = rng.integers(0, 4, size=n_cells)
    batch = rng.integers(0, n_batches, size=n_cells)
    batch_shift = rng.normal(0, 0.3, size=(n_batches, n_genes))
    rate = programs[cell_type] * np.exp(batch_shift[batch])
    counts = rng.poisson(rate).astype(np.int64)
    return counts, batch, cell_type


def normalize_total_log1p(X, target_sum=1e4):
    lib = X.sum(axis=1, keepdims=True)
    lib[lib == 0] = 1
    return np.log1p(X / lib * target_sum)


class CountsDataset(Dataset):
    def __init__(self, X, batch, size_factors):
        self.X = X
        self.batch = torch.as_tensor(batch, dtype=torch.long)
        self.size_factors = torch.as_tensor(size_factors, dtype=torch.float32)

    def __len__(self):
        return self.X.shape[0]

    def __getitem__(self, idx):
        return torch.from_numpy(self.X[idx]), self.batch[idx], self.size_factors[idx]
