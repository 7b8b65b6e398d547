import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from data import load_splits
from models import build_model


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(1) == y).sum().item()
            total += len(y)
    model.train()
    return correct / total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    ap.add_argument("--epochs", type=int, default=None)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    if args.epochs is not None:
        cfg["train"]["epochs"] = args.epochs
    torch.manual_seed(cfg["seed"])

    train_ds, val_ds = load_splits(cfg["data"], seed=cfg["seed"])
    train_dl = DataLoader(train_ds, batch_size=cfg["train"]["batch_size"], shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=64)

    model = build_model(cfg["model"])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["train"]["lr"])
    crit = torch.nn.CrossEntropyLoss()

    for epoch in range(cfg["train"]["epochs"]):
        running = 0.0
        for step, (x, y) in enumerate(train_dl):
            opt.zero_grad()
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch} loss {running / (step + 1):.4f} val_acc {evaluate(model, val_dl):.3f}")


if __name__ == "__main__":
    main()
