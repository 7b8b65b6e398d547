import argparse

import torch
from torch.utils.data import DataLoader, random_split

from mf import BiasedMF
from recdata import Interactions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data/interactions.csv")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--dim", type=int, default=32)
    ap.add_argument("--bs", type=int, default=256)
    args = ap.parse_args()
    torch.manual_seed(0)

    ds = Interactions(args.data)
    n_val = len(ds) // 10
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val])
    train_dl = DataLoader(train_ds, batch_size=args.bs, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=1024)

    model = BiasedMF(len(ds.user_ids), len(ds.item_ids), args.dim)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(args.epochs):
        model.train()
        for u, i, r in train_dl:
            loss = torch.nn.functional.mse_loss(model(u, i), r) + 1e-5 * (model.P(u).pow(2).sum() + model.Q(i).pow(2).sum())
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            se = sum(((model(u, i) - r) ** 2).sum().item() for u, i, r in val_dl)
        print(f"epoch {epoch} val RMSE {(se / n_val) ** 0.5:.4f}")
    torch.save(model.state_dict(), "mf.pt")


if __name__ == "__main__":
    main()
