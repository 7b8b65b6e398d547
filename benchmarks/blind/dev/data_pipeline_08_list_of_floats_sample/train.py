import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, random_split

from convnet import TemporalConvNet
from sensors import N_CHANNELS, VibrationCSV, default_csv


def train(args):
    torch.manual_seed(args.seed)
    ds = VibrationCSV(args.csv or default_csv())
    n_val = len(ds) // 5
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val])
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.batch_size)

    model = TemporalConvNet(N_CHANNELS, n_classes=3)
    optim = torch.optim.RMSprop(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        model.train()
        for i, (x, y) in enumerate(train_loader):
            logits = model(x)
            loss = criterion(logits, y)
            optim.zero_grad()
            loss.backward()
            optim.step()
            if i % 5 == 0:
                print(f"[{epoch}:{i}] loss={loss.item():.4f}")
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader) / n_val
        print(f"epoch {epoch} val_acc={acc:.3f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default=None)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=0)
    train(ap.parse_args())
