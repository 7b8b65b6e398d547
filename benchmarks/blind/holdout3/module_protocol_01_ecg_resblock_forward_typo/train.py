import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from ecgnet.resnet import ECGResNet
from ecgnet.synth import RHYTHMS, synth_ecg


def get_args():
    ap = argparse.ArgumentParser(description="rhythm classification on single-lead ECG")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--out", default="runs/ecg")
    return ap.parse_args()


def main():
    args = get_args()
    torch.manual_seed(0)
    train_dl = DataLoader(synth_ecg(256, seed=0), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(synth_ecg(64, seed=1), batch_size=args.batch_size)

    model = ECGResNet(n_leads=1, n_classes=len(RHYTHMS))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    crit = nn.CrossEntropyLoss()
    best = 0.0
    os.makedirs(args.out, exist_ok=True)

    for epoch in range(args.epochs):
        model.train()
        for x, y in train_dl:
            opt.zero_grad()
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
        sched.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in val_dl) / len(val_dl.dataset)
        print(f"epoch {epoch}: loss {loss.item():.4f} val acc {acc:.3f}")
        if acc >= best:
            best = acc
            torch.save(model.state_dict(), os.path.join(args.out, "best.pt"))


if __name__ == "__main__":
    main()
