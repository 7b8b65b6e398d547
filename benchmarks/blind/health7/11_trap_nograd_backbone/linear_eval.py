import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from probe.backbone import load_pretrained
from probe.classifier import FrozenBackboneClassifier
from probe.data import OrientedBars


def main():
    ap = argparse.ArgumentParser(description="linear evaluation of a pretrained encoder")
    ap.add_argument("--ckpt", default="pretrained/encoder.pt")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.05)
    args = ap.parse_args()
    torch.manual_seed(0)

    model = FrozenBackboneClassifier(load_pretrained(args.ckpt), n_classes=4)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    train_loader = DataLoader(OrientedBars(512, 1), batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(OrientedBars(256, 2), batch_size=128)

    for epoch in range(args.epochs):
        model.train()
        total = 0.0
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item()
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in test_loader) / 256
        print(f"epoch {epoch} loss {total / len(train_loader):.4f} top1 {acc:.3f}")


if __name__ == "__main__":
    main()
