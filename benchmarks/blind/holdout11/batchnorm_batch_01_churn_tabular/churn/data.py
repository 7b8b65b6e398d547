import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from .features import TabularEncoder
from .synthetic import generate_customers


def build_dataloaders(cfg):
    d, t = cfg["data"], cfg["training"]
    cols = generate_customers(d["n_customers"], cfg["seed"])
    rng = np.random.default_rng(cfg["seed"])
    order = rng.permutation(d["n_customers"])
    n_val = int(d["n_customers"] * d["val_fraction"])
    val_rows, train_rows = order[:n_val], order[n_val:]

    enc = TabularEncoder(d["categorical"], d["numerical"]).fit(cols, train_rows)

    def to_ds(rows):
        cat, num = enc.transform(cols, rows)
        y = cols["churned"][rows]
        return TensorDataset(torch.from_numpy(cat), torch.from_numpy(num), torch.from_numpy(y))

    train_loader = DataLoader(to_ds(train_rows), batch_size=t["batch_size"], shuffle=True)
    val_loader = DataLoader(to_ds(val_rows), batch_size=256, shuffle=False)
    return train_loader, val_loader, enc
