import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from models.resnet import ResNetTiny
from trainers.default import train, validate


def get_args():
    parser = argparse.ArgumentParser(description="STR training")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--num-classes", type=int, default=100)
    parser.add_argument("--print-freq", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def get_dataset(args):
    g = torch.Generator().manual_seed(args.seed)
    x = torch.randn(256, 3, 32, 32, generator=g)
    y = torch.randint(0, args.num_classes, (256,), generator=g)
    train_set = TensorDataset(x[:192], y[:192])
    val_set = TensorDataset(x[192:], y[192:])
    return (
        DataLoader(train_set, batch_size=args.batch_size, shuffle=True),
        DataLoader(val_set, batch_size=args.batch_size),
    )


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    train_loader, val_loader = get_dataset(args)
    model = ResNetTiny(num_classes=args.num_classes)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4)

    best_acc1 = 0.0
    for epoch in range(args.epochs):
        train(train_loader, model, criterion, optimizer, epoch, args)
        acc1, _ = validate(val_loader, model, criterion, args)
        best_acc1 = max(best_acc1, acc1)
    print(f"best Acc@1 {best_acc1:.2f}")


if __name__ == "__main__":
    main()
