import argparse

import torch

from heart.data import get_loaders
from heart.model import HeartNet
from heart.engine import train_one_epoch, validate


def main():
    parser = argparse.ArgumentParser(description="Heart disease risk classifier")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--dropout", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    train_loader, val_loader, n_features = get_loaders(args.batch_size, seed=args.seed)
    model = HeartNet(n_features, dropout=args.dropout)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = torch.nn.BCEWithLogitsLoss()

    val_loss, val_acc = validate(model, val_loader, criterion)
    print(f"sanity check: val_loss={val_loss:.4f} val_acc={val_acc:.3f}")

    best_acc = 0.0
    for epoch in range(1, args.epochs + 1):
        train_loss = train_one_epoch(model, train_loader, optimizer, criterion)
        val_loss, val_acc = validate(model, val_loader, criterion)
        best_acc = max(best_acc, val_acc)
        print(f"epoch {epoch:3d}: train_loss={train_loss:.4f} val_loss={val_loss:.4f} val_acc={val_acc:.3f}")
    print(f"best val acc {best_acc:.3f}")


if __name__ == "__main__":
    main()
