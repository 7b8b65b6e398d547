import argparse

import torch
from torch.utils.data import DataLoader

from simclr.data import TwoViewBlobs
from simclr.loss import nt_xent
from simclr.model import Encoder
from simclr.optim import get_optimizer


def parse_args():
    parser = argparse.ArgumentParser(description="SimCLR pretraining (toy)")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.3)
    parser.add_argument("--temperature", type=float, default=0.5)
    parser.add_argument("--larc", action="store_true", help="wrap SGD with LARC")
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def train(args, model, loader, optimizer, scheduler, epoch):
    model.train()
    total = 0.0
    for step, (x_i, x_j) in enumerate(loader):
        optimizer.zero_grad()
        z_i = model(x_i)
        z_j = model(x_j)
        loss = nt_xent(z_i, z_j, args.temperature)
        loss.backward()
        optimizer.step()
        total += loss.item()
    scheduler.step()
    return total / len(loader)


def main():
    args = parse_args()
    torch.manual_seed(args.seed)

    dataset = TwoViewBlobs()
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)

    model = Encoder()
    optimizer = get_optimizer(model, args)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer.optim if args.larc else optimizer, T_max=args.epochs, eta_min=0)

    for epoch in range(args.epochs):
        loss = train(args, model, loader, optimizer, scheduler, epoch)
        print(f"Epoch [{epoch}/{args.epochs}]\t Loss: {loss:.4f}\t lr: {scheduler.get_last_lr()[0]:.5f}")


if __name__ == "__main__":
    main()
