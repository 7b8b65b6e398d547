import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

FEATURES = ["sqft", "bedrooms", "bathrooms", "age", "lot_size", "distance_cbd", "listing_year"]


def generate_listings(n, seed):
    rng = np.random.default_rng(seed)
    sqft = rng.normal(1800, 500, n).clip(400, None)
    bedrooms = rng.integers(1, 6, n).astype(np.float64)
    bathrooms = rng.integers(1, 4, n).astype(np.float64)
    age = rng.uniform(0, 80, n)
    lot = rng.lognormal(8.5, 0.4, n)
    dist = rng.uniform(0.5, 40, n)
    year = np.full(n, 2023.0)
    price = (
        120 * sqft + 15000 * bedrooms + 20000 * bathrooms - 900 * age
        + 2.0 * lot - 4000 * dist + rng.normal(0, 20000, n)
    )
    X = np.stack([sqft, bedrooms, bathrooms, age, lot, dist, year], axis=1)
    return X.astype(np.float32), (price / 1e5).astype(np.float32)


class Standardizer:
    def fit(self, x):
        self.mean = x.mean(dim=0, keepdim=True)
        self.std = x.std(dim=0, keepdim=True)
        return self

    def transform(self, x):
        return (x - self.mean) / self.std


def build_loaders(cfg):
    X, y = generate_listings(cfg.n_samples, cfg.seed)
    X, y = torch.from_numpy(X), torch.from_numpy(y).unsqueeze(1)
    n_val = int(len(X) * cfg.val_fraction)
    X_tr, y_tr, X_va, y_va = X[n_val:], y[n_val:], X[:n_val], y[:n_val]
    scaler = Standardizer().fit(X_tr)
    X_tr, X_va = scaler.transform(X_tr), scaler.transform(X_va)
    train = DataLoader(TensorDataset(X_tr, y_tr), batch_size=cfg.batch_size, shuffle=True)
    val = DataLoader(TensorDataset(X_va, y_va), batch_size=cfg.batch_size)
    return train, val, X.shape[1]
