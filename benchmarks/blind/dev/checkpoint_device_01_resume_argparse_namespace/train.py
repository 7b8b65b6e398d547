import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, random_split

from checkpoint import load_checkpoint, save_checkpoint
from model import MLPClassifier


def parse_args():
    p = argparse.ArgumentParser(description="Train a small MLP on synthetic tabular data")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--hidden-dim", type=int, default=64)
    p.add_argument("--ckpt", default="checkpoints/best.pt")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def make_data(n=600, d=20, k=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(k, d, generator=g) * 2
    y = torch.randint(0, k, (n,), generator=g)
    x = centers[y] + torch.randn(n, d, generator=g)
    return TensorDataset(x, y)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = total = 0
    for x, y in loader:
        pred = model(x).argmax(1)
        correct += (pred == y).sum().item()
        total += y.numel()
    return correct / total


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    ds = make_data(seed=args.seed)
    train_ds, val_ds = random_split(ds, [480, 120])
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=64)

    model = MLPClassifier(20, args.hidden_dim, 4)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss()

    best_acc = 0.0
    for epoch in range(1, args.epochs + 1):
        model.train()
        running = 0.0
        for step, (x, y) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.item()
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch} loss {running / len(train_loader):.4f} val_acc {acc:.3f}")
        if acc >= best_acc:
            best_acc = acc
            save_checkpoint(args.ckpt, model, optimizer, epoch, args, {"val_acc": acc})

    # reload the best weights and report the final score
    best_model = MLPClassifier(20, args.hidden_dim, 4)
    epoch, metrics = load_checkpoint(args.ckpt, best_model)
    print(f"best epoch {epoch}: val_acc {evaluate(best_model, val_loader):.3f} (saved {metrics['val_acc']:.3f})")


if __name__ == "__main__":
    main()
