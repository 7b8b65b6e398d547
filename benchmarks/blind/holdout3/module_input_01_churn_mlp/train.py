import argparse

import torch
import torch.nn as nn

from churn.config import Config
from churn.data import build_loaders
from churn.model import ChurnMLP


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            pred = (model(x) > 0).float()
            correct += (pred == y).sum().item()
            total += y.numel()
    return correct / max(total, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=None)
    parser.add_argument("--lr", type=float, default=None)
    args = parser.parse_args()

    cfg = Config()
    if args.epochs is not None:
        cfg.train.epochs = args.epochs
    if args.lr is not None:
        cfg.train.lr = args.lr

    torch.manual_seed(0)
    train_loader, val_loader = build_loaders(cfg.data, cfg.train.batch_size)
    model = ChurnMLP(cfg.model)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.train.lr, weight_decay=cfg.train.weight_decay)
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(cfg.train.epochs):
        model.train()
        running = 0.0
        for x, y in train_loader:
            opt.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            opt.step()
            running += loss.item() * x.size(0)
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch + 1}: train_loss={running / len(train_loader.dataset):.4f} val_acc={acc:.3f}")


if __name__ == "__main__":
    main()
