import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from eta.dataset import build_splits
from eta.model import EtaRegressor
from etl.warehouse import export_orders_snapshot

ROOT = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description="Delivery ETA regressor")
    ap.add_argument("--snapshot", default=os.path.join(ROOT, "data", "orders_snapshot.csv"))
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()

    if not os.path.exists(args.snapshot):
        export_orders_snapshot(args.snapshot)

    torch.manual_seed(0)
    train_ds, val_ds = build_splits(args.snapshot)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = EtaRegressor(train_ds.tensors[0].shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    loss_fn = nn.HuberLoss(delta=5.0)

    for epoch in range(args.epochs):
        model.train()
        for x, y in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            mae = sum((model(x) - y).abs().sum().item() for x, y in val_dl) / len(val_ds)
        print(f"epoch {epoch}: val MAE {mae:.2f} min")

    torch.save(model.state_dict(), os.path.join(ROOT, "eta_model.pt"))


if __name__ == "__main__":
    main()
