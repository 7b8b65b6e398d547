"""Fine-tune last quarter's production default-risk model on the latest data export."""
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, random_split

from data import load_export
from export import write_export
from model import RiskMLP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pretrained", default="pretrained/risk_mlp_2024q4.pt")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=5e-4)
    args = ap.parse_args()
    torch.manual_seed(0)

    ckpt = torch.load(args.pretrained, map_location="cpu")
    model = RiskMLP(ckpt["n_features"], ckpt["hidden"])
    model.load_state_dict(ckpt["state_dict"])
    print(f"loaded {args.pretrained} (val AUC at export: {ckpt['val_auc']:.3f})")

    ds, cols = load_export(write_export())
    print(f"export has {len(ds)} rows, {len(cols)} feature columns")
    train_ds, val_ds = random_split(ds, [len(ds) - 128, 128], generator=torch.Generator().manual_seed(0))
    train_dl = DataLoader(train_ds, batch_size=32, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=128)

    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    bce = nn.BCEWithLogitsLoss()
    for epoch in range(args.epochs):
        model.train()
        for x, y in train_dl:
            opt.zero_grad()
            loss = bce(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            x, y = next(iter(val_dl))
            acc = ((model(x) > 0).float() == y).float().mean().item()
        print(f"epoch {epoch}: last loss {loss.item():.4f} val acc {acc:.3f}")
    torch.save({**ckpt, "state_dict": model.state_dict()}, "risk_mlp_finetuned.pt")


if __name__ == "__main__":
    main()
