import argparse

import torch
from torch import nn

from data import N_CLASSES, make_loaders
from trainer import Trainer


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch_size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--hidden", type=int, default=64)
    return p.parse_args()


if __name__ == "__main__":
    args = get_args()
    torch.manual_seed(0)
    train_loader, val_loader = make_loaders(args.batch_size)
    model = nn.Sequential(
        nn.Linear(10, args.hidden), nn.ReLU(),
        nn.Linear(args.hidden, N_CLASSES),
    )
    trainer = Trainer(model, torch.optim.Adam(model.parameters(), lr=args.lr), nn.CrossEntropyLoss())
    trainer.fit(train_loader, val_loader, args.epochs)
    torch.save(model.state_dict(), "grade_clf.pt")
