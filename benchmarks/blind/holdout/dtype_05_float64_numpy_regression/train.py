"""Tiny house-price regressor (MLP on tabular features)."""
import argparse
import os

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

FEATURES = ["sqft", "bedrooms", "bathrooms", "age", "lot_size", "dist_center"]


def load_table(n_rows, seed):
    """Stand-in for pd.read_csv('houses.csv').values: last column is the price."""
    rng = np.random.default_rng(seed)
    feats = rng.random((n_rows, len(FEATURES)))
    weights = np.array([3.0, 0.5, 0.8, -1.2, 0.7, -2.0])
    price = feats @ weights + 0.1 * rng.standard_normal(n_rows)
    table = np.column_stack([feats, price])
    return table


def standardize(train, other):
    mu, sigma = train.mean(axis=0), train.std(axis=0) + 1e-8
    return (train - mu) / sigma, (other - mu) / sigma


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=600)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--out", default="checkpoints")
    args = ap.parse_args()

    torch.manual_seed(0)
    table = load_table(args.rows, seed=0)
    split = int(0.8 * len(table))
    train_tab, val_tab = standardize(table[:split], table[split:])

    train_ds = TensorDataset(torch.from_numpy(train_tab[:, :-1]), torch.from_numpy(train_tab[:, -1:]))
    val_ds = TensorDataset(torch.from_numpy(val_tab[:, :-1]), torch.from_numpy(val_tab[:, -1:]))
    train_loader = DataLoader(train_ds, batch_size=args.bs, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.bs)

    model = nn.Sequential(
        nn.Linear(len(FEATURES), 64), nn.ReLU(),
        nn.Linear(64, 32), nn.ReLU(),
        nn.Linear(32, 1),
    )
    loss_fn = nn.MSELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    best = float("inf")
    os.makedirs(args.out, exist_ok=True)
    for epoch in range(args.epochs):
        model.train()
        for xb, yb in train_loader:
            optimizer.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            optimizer.step()

        model.eval()
        with torch.no_grad():
            val_loss = sum(loss_fn(model(xb), yb).item() * len(xb) for xb, yb in val_loader) / len(val_ds)
        print(f"epoch {epoch:02d}  train_mse={loss.item():.4f}  val_mse={val_loss:.4f}")
        if val_loss < best:
            best = val_loss
            torch.save(model.state_dict(), os.path.join(args.out, "best.pt"))


if __name__ == "__main__":
    main()
