import argparse

import torch
import torch.nn as nn

from energy.data import building_energy_splits
from energy.model import ResidualMLP
from energy.utils import set_seed, AverageMeter, count_parameters


def train(args):
    set_seed(args.seed)
    train_loader, val_loader, in_dim = building_energy_splits(batch_size=args.batch_size)
    model = ResidualMLP(in_dim, width=args.width, depth=args.depth, dropout=0.0)
    print(f"ResidualMLP(depth={args.depth}, width={args.width}) with {count_parameters(model):,} params")
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.SmoothL1Loss()

    for epoch in range(args.epochs):
        model.train()
        meter = AverageMeter()
        for x, y in train_loader:
            pred = model(x)
            loss = criterion(pred, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            meter.update(loss.item(), x.size(0))

        model.eval()
        val_meter = AverageMeter()
        with torch.no_grad():
            for x, y in val_loader:
                val_meter.update(criterion(model(x), y).item(), x.size(0))
        print(f"Epoch [{epoch + 1}/{args.epochs}] train_loss: {meter.avg:.4f}  val_loss: {val_meter.avg:.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch_size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    train(parser.parse_args())
