import argparse

import torch

from reviewcls.data import loaders
from reviewcls.engine import train_epoch, validate
from reviewcls.model import ReviewClassifier


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--n-train", type=int, default=128)
    p.add_argument("--n-val", type=int, default=384)
    p.add_argument("--seq-len", type=int, default=256)
    p.add_argument("--vocab", type=int, default=500)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--lr", type=float, default=1e-3)
    return p.parse_args()


if __name__ == "__main__":
    args = parse()
    torch.manual_seed(0)
    train_dl, val_dl = loaders(args)
    model = ReviewClassifier(args.vocab, args.seq_len, d_model=64, n_heads=4, n_layers=2, dropout=0.1)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        train_epoch(model, train_dl, opt)
        print(f"epoch {epoch} val AUROC {validate(model, val_dl):.3f}")
