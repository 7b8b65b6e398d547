import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from models import SmallCNN
from utils.data import make_digits
from utils.gc import GradientCentralization
from utils.schedule import WarmupCosineSchedule


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--train_batch_size", type=int, default=32)
    p.add_argument("--eval_batch_size", type=int, default=64)
    p.add_argument("--learning_rate", type=float, default=1e-2)
    p.add_argument("--weight_decay", type=float, default=1e-4)
    p.add_argument("--warmup_steps", type=int, default=5)
    p.add_argument("--seed", type=int, default=42)
    return p.parse_args()


def valid(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(-1) == y).sum().item()
            total += y.numel()
    model.train()
    return correct / total


def main():
    args = get_args()
    torch.manual_seed(args.seed)

    ds = make_digits()
    train_ds, val_ds = random_split(ds, [320, 80], generator=torch.Generator().manual_seed(args.seed))
    train_loader = DataLoader(train_ds, batch_size=args.train_batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=args.eval_batch_size)

    model = SmallCNN()
    criterion = nn.CrossEntropyLoss()
    optimizer = GradientCentralization(
        torch.optim.AdamW(model.parameters(), lr=args.learning_rate, weight_decay=args.weight_decay)
    )
    t_total = args.epochs * len(train_loader)
    scheduler = WarmupCosineSchedule(optimizer, warmup_steps=args.warmup_steps, t_total=t_total)

    global_step = 0
    for epoch in range(args.epochs):
        running = 0.0
        for x, y in train_loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            running += loss.item()
            global_step += 1
        acc = valid(model, val_loader)
        print(f"epoch {epoch} step {global_step} loss {running / len(train_loader):.4f} acc {acc:.3f}")


if __name__ == "__main__":
    main()
