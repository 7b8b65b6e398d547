import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset


COLUMNS = ["sqft", "bedrooms", "bathrooms", "lot_size", "year_built", "dist_center", "has_garage", "city_code"]


def load_housing(n_train, n_val, seed=0):
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    sqft = rng.normal(1800, 500, n).clip(400, None)
    bedrooms = rng.integers(1, 6, n)
    bathrooms = rng.integers(1, 4, n)
    lot = rng.normal(6000, 2000, n).clip(1000, None)
    year = rng.integers(1950, 2020, n)
    dist = rng.exponential(8.0, n)
    garage = rng.integers(0, 2, n)
    city = np.full(n, 3)
    x = np.stack([sqft, bedrooms, bathrooms, lot, year, dist, garage, city], axis=1).astype(np.float32)
    price = (0.12 * sqft + 15 * bedrooms + 20 * bathrooms + 0.004 * lot + 0.8 * (year - 1950)
             - 6.0 * dist + 25 * garage + rng.normal(0, 20, n))
    y = price.astype(np.float32)[:, None]
    x, y = torch.from_numpy(x), torch.from_numpy(y)
    return (x[:n_train], y[:n_train]), (x[n_train:], y[n_train:])


class Standardizer:
    def fit(self, x):
        self.mean = x.mean(dim=0, keepdim=True)
        self.std = x.std(dim=0, keepdim=True)
        return self

    def transform(self, x):
        return (x - self.mean) / self.std


def make_loaders(x_tr, y_tr, x_va, y_va, batch_size):
    train = DataLoader(TensorDataset(x_tr, y_tr), batch_size=batch_size, shuffle=True)
    val = DataLoader(TensorDataset(x_va, y_va), batch_size=256)
    return train, val
