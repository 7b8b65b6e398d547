import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, Subset

from .collate import TabularCollator
from .data import FEATURES, ChurnDataset


def build_model(n_in):
    return nn.Sequential(nn.Linear(n_in, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 1))


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for inputs, targets in loader:
            pred = (model(inputs).squeeze(1) > 0).float()
            correct += (pred == targets).sum().item()
            total += targets.numel()
    return correct / total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()
    torch.manual_seed(0)

    ds = ChurnDataset()
    train_idx, val_idx = list(range(400)), list(range(400, len(ds)))
    collate = TabularCollator(*ds.stats())
    train_loader = DataLoader(Subset(ds, train_idx), batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    val_loader = DataLoader(Subset(ds, val_idx), batch_size=args.batch_size, collate_fn=collate)

    model = build_model(len(FEATURES))
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.BCEWithLogitsLoss()
    for epoch in range(args.epochs):
        model.train()
        epoch_loss = 0.0
        for inputs, targets in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(inputs).squeeze(1), targets)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item() * targets.size(0)
        print(f"epoch {epoch + 1}: loss {epoch_loss / len(train_idx):.4f} val_acc {evaluate(model, val_loader):.3f}")


if __name__ == "__main__":
    main()
