import argparse

import torch
import torch.nn.functional as F

from probe.data import loaders
from probe.freeze import freeze, set_train_mode
from probe.models import LinearProbe, load_pretrained_backbone


def main():
    ap = argparse.ArgumentParser(description="Fine-tune a classification head on top of a frozen pretrained backbone")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--lr", type=float, default=1e-2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    backbone = freeze(load_pretrained_backbone())
    torch.manual_seed(args.seed)
    model = LinearProbe(backbone, num_classes=4)
    optimizer = torch.optim.Adam(model.head.parameters(), lr=args.lr)
    train_loader, val_loader = loaders(args.batch_size, args.seed)

    for epoch in range(args.epochs):
        set_train_mode(model, frozen_backbone=True)
        total, n = 0.0, 0
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item() * len(y)
            n += len(y)
        model.eval()
        with torch.no_grad():
            x, y = next(iter(val_loader))
            acc = (model(x).argmax(1) == y).float().mean().item()
        print(f"epoch {epoch + 1}: head_loss={total / n:.4f} val_acc={acc:.3f}")


if __name__ == "__main__":
    main()
