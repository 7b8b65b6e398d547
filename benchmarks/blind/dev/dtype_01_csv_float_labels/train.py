import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

from data import get_loaders


def build_model(in_dim=4, hidden=32, n_classes=3):
    return nn.Sequential(
        nn.Linear(in_dim, hidden),
        nn.ReLU(),
        nn.Dropout(0.1),
        nn.Linear(hidden, n_classes),
    )


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x).argmax(dim=1)
            correct += (pred == y).sum().item()
            total += y.numel()
    model.train()
    return correct / max(total, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args()

    torch.manual_seed(0)
    train_loader, val_loader = get_loaders(args.batch_size)
    model = build_model()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        running = 0.0
        for step, (x, y) in enumerate(train_loader):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item()
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch + 1}: train loss {running / len(train_loader):.4f}  val acc {acc:.3f}")


if __name__ == "__main__":
    main()
