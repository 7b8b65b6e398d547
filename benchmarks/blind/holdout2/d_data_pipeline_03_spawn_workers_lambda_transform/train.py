import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from leaves import CLASSES, SyntheticLeaves
from transforms import build_transform

MEAN, STD = (0.24, 0.55, 0.2), (0.12, 0.12, 0.12)


def small_cnn(num_classes):
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(32 * 7 * 7, 64), nn.ReLU(), nn.Linear(64, num_classes),
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    train_ds = SyntheticLeaves(384, build_transform(MEAN, STD, train=True), seed=0)
    val_ds = SyntheticLeaves(96, build_transform(MEAN, STD, train=False), seed=1)
    # spawn: fork + OpenMP threads has deadlocked on our cluster nodes before
    train_dl = DataLoader(train_ds, batch_size=32, shuffle=True, num_workers=args.workers,
                          multiprocessing_context="spawn", persistent_workers=args.workers > 0)
    val_dl = DataLoader(val_ds, batch_size=64)

    model = small_cnn(len(CLASSES))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        model.train()
        for step, (x, y) in enumerate(train_dl):
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
            if step % 4 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.3f}", flush=True)
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in val_dl) / len(val_ds)
        print(f"epoch {epoch} val acc {acc:.3f}", flush=True)


if __name__ == "__main__":
    main()
