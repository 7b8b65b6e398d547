import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, random_split

from data import COLUMNS, ClickDataset, fake_click_log
from model import CTRModel


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    ds = ClickDataset(*fake_click_log())
    train_ds, val_ds = random_split(ds, [448, 64])
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = CTRModel(len(COLUMNS))
    loss_fn = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        for rows, clicked in train_dl:
            loss = loss_fn(model(rows), clicked)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val = sum(loss_fn(model(r), c).item() for r, c in val_dl) / len(val_dl)
        print(f"epoch {epoch}: train_logloss={loss.item():.4f} val_logloss={val:.4f}")


if __name__ == "__main__":
    main()
