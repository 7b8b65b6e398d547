import argparse
import os

import torch
from torch.utils.data import DataLoader

from engine import Engine
from net import SmallConvNet
from optim import NesterovSGDW
from shapes import ShapesDataset


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--wd", type=float, default=5e-4)
    ap.add_argument("--workdir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    args = ap.parse_args()

    torch.manual_seed(42)
    train_set = ShapesDataset(1536, seed=1)
    test_set = ShapesDataset(384, seed=2)
    train_loader = DataLoader(train_set, batch_size=args.bs, shuffle=True)
    test_loader = DataLoader(test_set, batch_size=128)
    model = SmallConvNet(num_classes=4)
    optimizer = NesterovSGDW(model.parameters(), lr=args.lr, weight_decay=args.wd)
    Engine(model, optimizer, train_loader, test_loader, args.workdir, lr_milestones=(5,)).run(args.epochs)


if __name__ == "__main__":
    main()
