import argparse
import time

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from models.resnet1d import ResNet1d
from signals import get_splits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    train_ds, val_ds = get_splits(args.seed)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = ResNet1d(in_channels=3, num_classes=4)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs * len(train_dl))
    crit = nn.CrossEntropyLoss(label_smoothing=0.05)

    for epoch in range(args.epochs):
        t0 = time.time()
        model.train()
        for x, y in train_dl:
            opt.zero_grad(set_to_none=True)
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        hits = n = 0
        with torch.no_grad():
            for x, y in val_dl:
                hits += (model(x).argmax(1) == y).sum().item()
                n += len(y)
        print(f"epoch {epoch}: last_loss={loss.item():.4f} val_acc={hits / n:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
