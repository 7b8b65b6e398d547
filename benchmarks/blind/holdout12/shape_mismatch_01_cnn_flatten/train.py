import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from config import TrainConfig
from data import SyntheticShapes
from model import SmallCNN


def parse_args():
    p = argparse.ArgumentParser(description="Train a small CNN on synthetic images")
    p.add_argument("--epochs", type=int, default=None)
    p.add_argument("--batch-size", type=int, default=None)
    p.add_argument("--lr", type=float, default=None)
    return p.parse_args()


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x).argmax(dim=1)
            correct += (pred == y).sum().item()
            total += y.numel()
    return correct / max(total, 1)


def main():
    args = parse_args()
    cfg = TrainConfig()
    if args.epochs is not None:
        cfg.epochs = args.epochs
    if args.batch_size is not None:
        cfg.batch_size = args.batch_size
    if args.lr is not None:
        cfg.lr = args.lr
    torch.manual_seed(cfg.seed)

    train_ds = SyntheticShapes(cfg.num_train, cfg.image_size, cfg.in_channels, cfg.num_classes, seed=cfg.seed)
    val_ds = SyntheticShapes(cfg.num_val, cfg.image_size, cfg.in_channels, cfg.num_classes, seed=cfg.seed + 1)
    train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg.batch_size)

    model = SmallCNN(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(cfg.epochs):
        model.train()
        running = 0.0
        for step, (x, y) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.item()
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch + 1}/{cfg.epochs} loss={running / len(train_loader):.4f} val_acc={acc:.3f}")


if __name__ == "__main__":
    main()
