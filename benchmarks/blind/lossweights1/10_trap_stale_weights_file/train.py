import argparse

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from landcover.data import TileDataset, read_classes


def build_model(n_classes):
    return nn.Sequential(
        nn.Conv2d(4, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(32, n_classes))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default="data/class_weights.npy")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=24)
    args = ap.parse_args()

    torch.manual_seed(11)
    classes = read_classes()
    train_set = TileDataset(classes, n=360, seed=11)
    val_set = TileDataset(classes, n=90, seed=12)
    class_weights = torch.from_numpy(np.load(args.weights)).float()

    model = build_model(len(classes))
    criterion = nn.CrossEntropyLoss(weight=class_weights)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=args.batch_size)

    for epoch in range(args.epochs):
        model.train()
        for tiles, labels in train_loader:
            loss = criterion(model(tiles), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            correct = sum((model(t).argmax(1) == l).sum().item() for t, l in val_loader)
        print(f"epoch {epoch}: last loss {loss.item():.4f}  val acc {correct / len(val_set):.3f}")


if __name__ == "__main__":
    main()
