import os

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

RAW_COLUMNS = [
    "tenure_months", "monthly_charges", "total_charges", "num_products",
    "support_calls", "late_payments", "contract_len", "has_partner",
    "has_dependents", "paperless", "auto_pay", "senior",
]


def generate_raw(n, seed):
    rng = np.random.default_rng(seed)
    tenure = rng.integers(1, 72, n).astype(np.float64)
    monthly = rng.uniform(20, 120, n)
    total = tenure * monthly * rng.uniform(0.9, 1.1, n)
    products = rng.integers(1, 5, n).astype(np.float64)
    calls = rng.poisson(1.5, n).astype(np.float64)
    late = rng.poisson(0.5, n).astype(np.float64)
    contract = rng.choice([1.0, 12.0, 24.0], n)
    binary = rng.integers(0, 2, (n, 5)).astype(np.float64)
    X = np.column_stack([tenure, monthly, total, products, calls, late, contract, binary])
    logit = -1.0 + 0.6 * calls + 0.8 * late - 0.03 * tenure - 0.05 * contract
    y = (rng.uniform(size=n) < 1 / (1 + np.exp(-logit))).astype(np.float32)
    return X, y


def add_engineered(X):
    tenure, monthly, total = X[:, 0], X[:, 1], X[:, 2]
    avg_spend = total / np.maximum(tenure, 1.0)
    calls_per_year = X[:, 4] / np.maximum(tenure / 12.0, 1.0)
    return np.column_stack([X, avg_spend, calls_per_year])


def standardize(train, val):
    mu = train.mean(axis=0, keepdims=True)
    sd = train.std(axis=0, keepdims=True) + 1e-6
    return (train - mu) / sd, (val - mu) / sd


def build_loaders(cfg):
    os.makedirs(cfg.data.data_dir, exist_ok=True)
    path = os.path.join(cfg.data.data_dir, "customers.npz")
    if not os.path.exists(path):
        X, y = generate_raw(cfg.data.n_customers, cfg.data.seed)
        np.savez(path, X=X, y=y)
    blob = np.load(path)
    X, y = add_engineered(blob["X"]), blob["y"]
    n_val = int(len(X) * cfg.data.val_fraction)
    Xtr, Xva = standardize(X[n_val:], X[:n_val])
    ytr, yva = y[n_val:], y[:n_val]
    train_ds = TensorDataset(torch.tensor(Xtr, dtype=torch.float32), torch.tensor(ytr))
    val_ds = TensorDataset(torch.tensor(Xva, dtype=torch.float32), torch.tensor(yva))
    g = torch.Generator().manual_seed(cfg.data.seed)
    return (
        DataLoader(train_ds, batch_size=cfg.train.batch_size, shuffle=True, generator=g),
        DataLoader(val_ds, batch_size=cfg.train.batch_size),
    )
