import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from ecgnet.datasets import BeatDataset
from ecgnet.ema import WeightEMA
from ecgnet.nets import BeatResNet
from ecgnet.prepare import prepare


def get_args():
    p = argparse.ArgumentParser(description="beat classifier (5 AAMI classes)")
    p.add_argument("--data-root", default="data/beats_v1")
    p.add_argument("--num-classes", type=int, default=5)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("-b", "--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--wd", type=float, default=1e-4)
    p.add_argument("--accumulate", type=int, default=2, help="gradient accumulation steps")
    p.add_argument("--ema", type=float, default=0.99)
    p.add_argument("--class-weighted", action="store_true")
    p.add_argument("--amp", action="store_true", help="torch.autocast on CPU (bfloat16)")
    p.add_argument("--workers", type=int, default=0)
    p.add_argument("--out", default="output/beatresnet")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def run_epoch(model, ema, loader, criterion, optimizer, args):
    model.train()
    optimizer.zero_grad(set_to_none=True)
    total, n = 0.0, 0
    for it, (x, y) in enumerate(loader):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
            logits = model(x)
        loss = criterion(logits.float(), y)
        (loss / args.accumulate).backward()
        if (it + 1) % args.accumulate == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            ema.step(model)
        total += loss.item() * x.size(0)
        n += x.size(0)
    return total / n


@torch.no_grad()
def validate(model, loader, num_classes):
    model.eval()
    conf = torch.zeros(num_classes, num_classes, dtype=torch.long)
    for x, y in loader:
        pred = model(x).argmax(1)
        for t, p in zip(y, pred):
            conf[t, p] += 1
    recall = conf.diag().float() / conf.sum(1).clamp(min=1)
    return conf.diag().sum().item() / conf.sum().item(), recall.mean().item()


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    if not os.path.exists(os.path.join(args.data_root, "annotations.csv")):
        prepare(args.data_root)
    train_set = BeatDataset(args.data_root, "train")
    val_set = BeatDataset(args.data_root, "val")
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=args.workers)
    val_loader = DataLoader(val_set, batch_size=128, num_workers=args.workers)

    model = BeatResNet(args.num_classes)
    ema = WeightEMA(model, args.ema)
    weight = None
    if args.class_weighted:
        counts = train_set.class_counts(args.num_classes)
        weight = counts.sum() / (args.num_classes * counts)
    criterion = nn.CrossEntropyLoss(weight=weight)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.wd)

    os.makedirs(args.out, exist_ok=True)
    best = 0.0
    for epoch in range(args.epochs):
        loss = run_epoch(model, ema, train_loader, criterion, optimizer, args)
        acc, bal_acc = validate(ema.module, val_loader, args.num_classes)
        print(f"[{epoch + 1}/{args.epochs}] train loss {loss:.4f}  ema acc {acc:.3f}  balanced {bal_acc:.3f}")
        if bal_acc >= best:
            best = bal_acc
            torch.save({"state_dict": ema.module.state_dict(), "epoch": epoch}, os.path.join(args.out, "best.pth"))


if __name__ == "__main__":
    main()
