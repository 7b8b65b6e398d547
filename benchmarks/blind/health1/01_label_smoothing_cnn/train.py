import argparse

import torch

from imgcls.data import make_loaders
from imgcls.losses import LabelSmoothingCrossEntropy
from imgcls.model import SmallConvNet


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=5)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-2)
    p.add_argument("--smoothing", type=float, default=0.1)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = total = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
        total += y.numel()
    return correct / total


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    train_loader, val_loader = make_loaders(args.batch_size, args.seed)
    model = SmallConvNet(num_classes=4)
    criterion = LabelSmoothingCrossEntropy(args.smoothing)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        running, n = 0.0, 0
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.item() * y.size(0)
            n += y.size(0)
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch + 1}/{args.epochs}  train_loss {running / n:.4f}  val_acc {acc:.3f}")


if __name__ == "__main__":
    main()
