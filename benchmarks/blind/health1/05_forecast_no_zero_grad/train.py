import argparse

import torch
import torch.nn as nn

from forecast.data import get_loaders
from forecast.engine import evaluate, train_one_epoch
from forecast.model import MLPForecaster


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--window", type=int, default=48)
    p.add_argument("--horizon", type=int, default=6)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--momentum", type=float, default=0.9)
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    train_loader, val_loader = get_loaders(args.window, args.horizon, seed=args.seed)
    model = MLPForecaster(args.window, args.horizon)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
    loss_fn = nn.MSELoss()
    for epoch in range(args.epochs):
        train_mse = train_one_epoch(model, train_loader, optimizer, loss_fn)
        val_mse = evaluate(model, val_loader, loss_fn)
        print(f"epoch {epoch + 1:3d} | train mse {train_mse:.5f} | val mse {val_mse:.5f}")


if __name__ == "__main__":
    main()
