import argparse

import torch

from digits.data import get_loaders
from digits.engine import fit
from digits.model import GlyphNet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    loaders = get_loaders(args.batch_size, args.seed)
    model = GlyphNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4, nesterov=True)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs)
    fit(model, loaders, optimizer, scheduler, args.epochs)


if __name__ == "__main__":
    main()
