"""Fit a small MLP on the housing table. Usage: python fit.py [--epochs N]"""
import argparse
import os

import numpy as np
import torch
from torch.utils.data import DataLoader

from housing.dataset import HousingDataset, Standardizer, load_table
from housing.make_data import write_csv
from housing.net import make_regressor

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()

    csv_path = write_csv(os.path.join(HERE, "data", "housing.csv"))
    X, y = load_table(csv_path)
    rng = np.random.default_rng(0)
    order = rng.permutation(len(X))
    split = int(0.8 * len(X))
    tr, va = order[:split], order[split:]

    xs, ys = Standardizer().fit(X[tr]), Standardizer().fit(y[tr])
    train_ds = HousingDataset(xs.transform(X[tr]), ys.transform(y[tr]))
    val_ds = HousingDataset(xs.transform(X[va]), ys.transform(y[va]))
    train_dl = DataLoader(train_ds, batch_size=args.bs, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    torch.manual_seed(0)
    model = make_regressor(X.shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs * len(train_dl))
    loss_fn = torch.nn.MSELoss()

    for epoch in range(args.epochs):
        model.train()
        for xb, yb in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            mse = sum(loss_fn(model(xb), yb).item() * len(xb) for xb, yb in val_dl) / len(val_ds)
        rmse_dollars = float(np.sqrt(mse) * ys.std[0])
        print(f"epoch {epoch + 1}/{args.epochs}  val RMSE ~ ${rmse_dollars:,.0f}")

    torch.save(model.state_dict(), os.path.join(HERE, "regressor.pt"))


if __name__ == "__main__":
    main()
