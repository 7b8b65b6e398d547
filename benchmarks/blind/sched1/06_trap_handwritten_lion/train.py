import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import Spirals
from optim import Lion


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--wd", type=float, default=0.01)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--bs", type=int, default=32)
    args = ap.parse_args()

    torch.manual_seed(0)
    loader = DataLoader(Spirals(), batch_size=args.bs, shuffle=True)
    model = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 3))
    opt = Lion(model.parameters(), lr=args.lr, weight_decay=args.wd)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    crit = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        tot, correct = 0.0, 0
        for x, y in loader:
            opt.zero_grad()
            out = model(x)
            loss = crit(out, y)
            loss.backward()
            opt.step()
            tot += loss.item() * len(y)
            correct += (out.argmax(1) == y).sum().item()
        sched.step()
        n = len(loader.dataset)
        print(f"epoch {epoch} loss {tot / n:.4f} acc {correct / n:.3f}")


if __name__ == "__main__":
    main()
