import argparse

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from recsys.data import ImplicitFeedback, cardinalities, load_interactions
from recsys.model import NeuMF


def main():
    ap = argparse.ArgumentParser(description="NeuMF on implicit feedback")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--dim", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    np.random.seed(0)
    users, items = load_interactions()
    num_users, num_items = cardinalities(users, items)
    print(f"{len(users)} interactions, {num_users} users, {num_items} items")

    ds = ImplicitFeedback(users, items, n_items=int(items.max()))
    n_val = len(ds) // 10
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(0))
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = NeuMF(num_users, num_items, dim=args.dim)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        model.train()
        losses = []
        for u, i, y in train_dl:
            opt.zero_grad()
            loss = criterion(model(u, i), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        model.eval()
        with torch.no_grad():
            correct = sum(((model(u, i) > 0).float() == y).sum().item() for u, i, y in val_dl)
        print(f"epoch {epoch}: loss={np.mean(losses):.4f} val_acc={correct / len(val_ds):.3f}")


if __name__ == "__main__":
    main()
