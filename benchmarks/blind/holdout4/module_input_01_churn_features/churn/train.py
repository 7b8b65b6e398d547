import argparse

import torch
import torch.nn as nn

from .config import Config
from .data import build_loaders
from .model import ChurnMLP


def evaluate(model, loader, loss_fn):
    model.eval()
    total, correct, n = 0.0, 0, 0
    with torch.no_grad():
        for xb, yb in loader:
            logits = model(xb)
            total += loss_fn(logits, yb).item() * len(yb)
            correct += ((logits > 0).float() == yb).sum().item()
            n += len(yb)
    return total / n, correct / n


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=None)
    p.add_argument("--lr", type=float, default=None)
    args = p.parse_args(argv)
    cfg = Config()
    if args.epochs is not None:
        cfg.train.epochs = args.epochs
    if args.lr is not None:
        cfg.train.lr = args.lr

    torch.manual_seed(cfg.data.seed)
    train_dl, val_dl = build_loaders(cfg)
    model = ChurnMLP(cfg.model.n_features, cfg.model.hidden, cfg.model.dropout)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.train.lr, weight_decay=cfg.train.weight_decay)
    loss_fn = nn.BCEWithLogitsLoss()

    for epoch in range(cfg.train.epochs):
        model.train()
        for xb, yb in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        val_loss, val_acc = evaluate(model, val_dl, loss_fn)
        print(f"epoch {epoch + 1}: val_loss={val_loss:.4f} val_acc={val_acc:.3f}")


if __name__ == "__main__":
    main()
