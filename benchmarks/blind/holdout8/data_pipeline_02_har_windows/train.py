import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from har.data import ACTIVITIES, WindowDataset, simulate_recording
from har.net import HARConvNet


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--window", type=int, default=128)
    p.add_argument("--stride", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=1e-3)
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(0)
    sig_train, lab_train = simulate_recording(3000, seed=0)
    sig_val, lab_val = simulate_recording(1000, seed=1)
    train_ds = WindowDataset(sig_train, lab_train, args.window, args.stride)
    val_ds = WindowDataset(sig_val, lab_val, args.window, args.stride)
    print(f"{len(train_ds)} train windows, {len(val_ds)} val windows")

    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = HARConvNet(in_channels=sig_train.shape[1], n_classes=len(ACTIVITIES))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    crit = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        model.train()
        running = 0.0
        for x, y in train_dl:
            opt.zero_grad()
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
            running += loss.item() * x.size(0)
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in val_dl:
                correct += (model(x).argmax(1) == y).sum().item()
        print(f"epoch {epoch + 1}: loss {running / len(train_ds):.4f} val acc {correct / len(val_ds):.3f}")


if __name__ == "__main__":
    main()
