import argparse
import os

import numpy as np
import torch
from torch.utils.data import DataLoader

from .model import LSTMForecaster
from .synth import make_load_curve
from .windows import build_datasets

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--csv", default=os.path.join(HERE, "data", "load.csv"))
    p.add_argument("--lookback", type=int, default=48)
    p.add_argument("--horizon", type=int, default=12)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    make_load_curve(args.csv)
    raw = np.loadtxt(args.csv, delimiter=",", skiprows=1)
    train_ds, val_ds, _ = build_datasets(raw, args.lookback, args.horizon)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    n_features = train_ds[0][0].shape[-1]
    model = LSTMForecaster(n_features, args.hidden, horizon=args.horizon)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    loss_fn = torch.nn.MSELoss()

    for epoch in range(args.epochs):
        model.train()
        running = 0.0
        for step, (x, y) in enumerate(train_dl):
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            running += loss.item()
        model.eval()
        with torch.no_grad():
            val = sum(loss_fn(model(x), y).item() * len(x) for x, y in val_dl) / len(val_ds)
        print(f"epoch {epoch}: train_mse={running / (step + 1):.4f} val_mse={val:.4f}")


if __name__ == "__main__":
    main()
