import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset


def building_energy_splits(n=1200, batch_size=64, val_frac=0.2):
    rng = np.random.RandomState(123)
    x = rng.uniform(-1, 1, size=(n, 8)).astype(np.float32)
    y = (np.sin(2.5 * x[:, 0]) * x[:, 1] + 0.8 * x[:, 2] ** 2 - 0.5 * x[:, 3] * x[:, 4]
         + np.cos(3 * x[:, 5]) * 0.4 + 0.3 * x[:, 6] + 0.05 * rng.randn(n)).astype(np.float32)
    x, y = torch.from_numpy(x), torch.from_numpy(y).unsqueeze(1)
    n_val = int(n * val_frac)
    train = TensorDataset(x[n_val:], y[n_val:])
    val = TensorDataset(x[:n_val], y[:n_val])
    return DataLoader(train, batch_size=batch_size, shuffle=True), DataLoader(val, batch_size=256), x.shape[1]
