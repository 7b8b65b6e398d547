import argparse

import torch
from torch.utils.data import DataLoader

from har.engine import LitClassifier, Trainer
from har.models import get_model
from har.signals import ACTIVITIES, make_splits


def cli():
    p = argparse.ArgumentParser("har")
    p.add_argument("--arch", default="gru", choices=["gru", "cnn"])
    p.add_argument("--hidden", type=int, default=48)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--max-epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


if __name__ == "__main__":
    args = cli()
    torch.manual_seed(args.seed)
    train_ds, val_ds = make_splits(n=512, seed=args.seed)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=128)
    model = get_model(args.arch, in_channels=6, num_classes=len(ACTIVITIES), hidden=args.hidden)
    lit = LitClassifier(model, lr=args.lr)
    Trainer(max_epochs=args.max_epochs, ckpt_dir=f"lightning_logs/{args.arch}").fit(lit, train_dl, val_dl)
