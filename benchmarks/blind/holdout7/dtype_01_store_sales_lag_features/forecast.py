import argparse
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader

from dataset import LagDataset
from model import LagMLP
from synth import write_sales_csv
from tsfeatures import load_sales_csv, make_supervised, standardize

HERE = Path(__file__).resolve().parent


def rmsle(pred_log, true_log):
    return float(np.sqrt(np.mean((pred_log - true_log) ** 2)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stores", type=int, default=6)
    ap.add_argument("--valid-days", type=int, default=28)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()
    torch.manual_seed(0)

    csv_path = HERE / "data" / "train.csv"
    if not csv_path.exists():
        write_sales_csv(csv_path, n_stores=args.stores)
    raw = load_sales_csv(csv_path)
    X, y, day, store = make_supervised(raw, args.stores)
    cutoff = day.max() - args.valid_days
    tr, va = day <= cutoff, day > cutoff
    X_tr, X_va = standardize(X[tr], X[va])
    y_tr, y_va = y[tr], y[va]
    print(f"train rows {len(X_tr)}  valid rows {len(X_va)}  features {X.shape[1]}")

    train_dl = DataLoader(LagDataset(X_tr, y_tr), batch_size=args.bs, shuffle=True)
    valid_dl = DataLoader(LagDataset(X_va, y_va), batch_size=256)
    model = LagMLP(X.shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    loss_fn = torch.nn.MSELoss()

    for epoch in range(args.epochs):
        model.train()
        for xb, yb in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            preds = torch.cat([model(xb) for xb, _ in valid_dl]).numpy()
        print(f"epoch {epoch + 1}: valid RMSLE {rmsle(preds, y_va):.4f}")

    (HERE / "checkpoints").mkdir(exist_ok=True)
    torch.save(model.state_dict(), HERE / "checkpoints" / "lag_mlp.pt")


if __name__ == "__main__":
    main()
