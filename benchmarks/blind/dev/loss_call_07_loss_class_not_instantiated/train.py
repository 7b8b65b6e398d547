import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from engine import build_criterion, build_optimizer, mean_abs_error, train_one_epoch


def make_data(n, n_features=20, seed=0):
    """Synthetic 'age from biomarkers' regression with a few outliers (hence Huber)."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, n_features, generator=g)
    w = torch.linspace(-1, 1, n_features)
    age = 45 + 8 * (x @ w) / n_features ** 0.5 + torch.randn(n, generator=g)
    outliers = torch.rand(n, generator=g) < 0.03
    age[outliers] += 30
    return TensorDataset(x, (age - 45) / 10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loss", default="huber", choices=["mse", "l1", "huber"])
    ap.add_argument("--optim", default="adamw", choices=["adamw", "sgd"])
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    train_loader = DataLoader(make_data(448, seed=0), batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(make_data(128, seed=1), batch_size=args.batch_size)

    model = nn.Sequential(nn.Linear(20, 64), nn.SiLU(), nn.Linear(64, 1))
    criterion = build_criterion(args.loss)
    optimizer = build_optimizer(model, args.optim, args.lr)

    for epoch in range(args.epochs):
        train_loss = train_one_epoch(model, train_loader, criterion, optimizer)
        mae = mean_abs_error(model, val_loader) * 10
        print(f"epoch {epoch}: {args.loss} loss {train_loss:.4f}, val MAE {mae:.2f} years")
    torch.save(model.state_dict(), f"age_{args.loss}.pt")


if __name__ == "__main__":
    main()
