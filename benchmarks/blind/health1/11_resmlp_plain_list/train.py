import argparse

import torch
import torch.nn.functional as F

from spiral.data import batches, spirals
from spiral.model import ResMLP
from spiral.utils import AverageMeter, describe, seed_everything


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--width", type=int, default=32)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--seed", type=int, default=42)
    args = p.parse_args()

    seed_everything(args.seed)
    x, y = spirals(seed=args.seed)
    x_tr, y_tr, x_te, y_te = x[:480], y[:480], x[480:], y[480:]
    model = ResMLP(2, args.width, args.depth, 3, dropout=0.1)
    print(describe(model))
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    g = torch.Generator().manual_seed(args.seed)

    for epoch in range(args.epochs):
        model.train()
        meter = AverageMeter()
        for xb, yb in batches(x_tr, y_tr, args.batch_size, generator=g):
            loss = F.cross_entropy(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            meter.update(loss.item(), len(yb))
        model.eval()
        with torch.no_grad():
            acc = (model(x_te).argmax(1) == y_te).float().mean().item()
        print(f"epoch {epoch + 1:3d}  loss {meter.avg:.4f}  test_acc {acc:.3f}")


if __name__ == "__main__":
    main()
