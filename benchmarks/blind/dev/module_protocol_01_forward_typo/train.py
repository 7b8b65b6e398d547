import argparse
import os
import tempfile

import torch
from torch.nn import functional as F
from torch.utils.data import DataLoader, Subset

from data import COLUMNS, HousingCSV, generate_csv
from model import HousePriceMLP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    csv_path = os.path.join(tempfile.mkdtemp(), "housing.csv")
    generate_csv(csv_path)
    ds = HousingCSV(csv_path)
    idx = torch.randperm(len(ds)).tolist()
    train_ds, val_ds = Subset(ds, idx[:320]), Subset(ds, idx[320:])
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.batch_size)

    model = HousePriceMLP(len(COLUMNS))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    best = float("inf")
    for epoch in range(args.epochs):
        model.train()
        for xb, yb in train_loader:
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val = sum(F.mse_loss(model(xb), yb, reduction="sum").item() for xb, yb in val_loader) / len(val_ds)
        print(f"epoch {epoch}: val mse {val:.4f}")
        if val < best:
            best = val
            torch.save(model.state_dict(), "best_mlp.pt")
    print(f"best val mse {best:.4f}")


if __name__ == "__main__":
    main()
