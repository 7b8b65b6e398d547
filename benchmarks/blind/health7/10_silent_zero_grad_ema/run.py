import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from reg.model import HousingRegressor
from reg.trainer import Trainer


def synthetic_housing(n, d, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, d, generator=g)
    w = torch.linspace(-1, 1, d)
    y = x @ w + 0.5 * torch.sin(2 * x[:, 0]) + 0.1 * torch.randn(n, generator=g)
    return TensorDataset(x, y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.01)
    args = ap.parse_args()
    torch.manual_seed(0)
    train = DataLoader(synthetic_housing(512, 8, 1), batch_size=args.batch_size, shuffle=True)
    val = DataLoader(synthetic_housing(128, 8, 2), batch_size=args.batch_size)
    trainer = Trainer(HousingRegressor(8), lr=args.lr)
    for epoch in range(args.epochs):
        tr = trainer.train_one_epoch(train)
        va = trainer.validate(val)
        print(f"epoch {epoch} train_mse {tr:.4f} val_mse(ema) {va:.4f}")


if __name__ == "__main__":
    main()
