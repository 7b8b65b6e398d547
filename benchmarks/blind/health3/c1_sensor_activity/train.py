import argparse
import time

import torch
from torch.utils.data import DataLoader

from har.data import make_splits
from har.losses import softmax_cross_entropy
from har.model import ActivityMLP


def parse_args():
    p = argparse.ArgumentParser(description="Human activity recognition from raw IMU windows")
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--seed", type=int, default=7)
    return p.parse_args()


@torch.no_grad()
def accuracy(model, loader):
    model.eval()
    correct = total = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
        total += y.numel()
    model.train()
    return correct / max(total, 1)


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    train_ds, val_ds = make_splits(seed=args.seed)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    model = ActivityMLP(train_ds.num_features, args.hidden, train_ds.num_classes)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        t0 = time.time()
        running, n = 0.0, 0
        model.train()
        for x, y in train_dl:
            logits = model(x)
            loss = softmax_cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item() * y.size(0)
            n += y.size(0)
        acc = accuracy(model, val_dl)
        print(f"epoch {epoch + 1}/{args.epochs}  loss {running / n:.4f}  val_acc {acc:.3f}  ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
