import argparse
from pathlib import Path

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from .dataset import CLASSES, ShapesDataset
from .model import SmallCNN


def parse_args():
    p = argparse.ArgumentParser("train shape classifier")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--ckpt", type=Path, default=Path("shapes_cnn.pt"))
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(0)
    train_loader = DataLoader(ShapesDataset(320, seed=1), batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(ShapesDataset(96, seed=2), batch_size=args.batch_size)

    model = SmallCNN(num_classes=len(CLASSES))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr * 10, momentum=0.9)

    for epoch in range(args.epochs):
        model.train()
        seen, running = 0, 0.0
        for images, labels in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(images), labels)
            loss.backward()
            optimizer.step()
            running += loss.item() * images.size(0)
            seen += images.size(0)

        model.eval()
        correct = 0
        with torch.no_grad():
            for images, labels in val_loader:
                correct += (model(images).argmax(1) == labels).sum().item()
        print(f"epoch {epoch + 1}/{args.epochs} loss={running / seen:.3f} "
              f"val_acc={correct / len(val_loader.dataset):.3f}")

    torch.save({"model": model.state_dict(), "classes": CLASSES}, args.ckpt)
    print(f"saved {args.ckpt}")


if __name__ == "__main__":
    main()
