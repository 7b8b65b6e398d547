"""Train a small face / no-face detector backbone on synthetic 64x64 crops."""
import argparse
import time

import torch

from data.synthetic import make_loaders
from models.convnet import TinyFaceNet
from utils.engine import train_one_epoch, evaluate


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--momentum", type=float, default=0.9)
    parser.add_argument("--num-train", type=int, default=256)
    parser.add_argument("--num-val", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    train_loader, val_loader = make_loaders(args.num_train, args.num_val, args.batch_size)
    model = TinyFaceNet(num_classes=2)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum,
                                weight_decay=5e-4)
    for epoch in range(args.epochs):
        t0 = time.time()
        loss = train_one_epoch(model, train_loader, optimizer, epoch)
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch} loss {loss:.4f} val_acc {acc:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
