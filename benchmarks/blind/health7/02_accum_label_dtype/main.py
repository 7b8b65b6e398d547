import argparse

import torch
from torch.utils.data import DataLoader

from churn.dataset import ChurnTable, make_table
from churn.model import MLP
from churn.trainer import Trainer


def parse_args():
    p = argparse.ArgumentParser(description="churn classifier with gradient accumulation")
    p.add_argument("--micro-batch", type=int, default=8)
    p.add_argument("--accum-steps", type=int, default=4)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--seed", type=int, default=7)
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    table = make_table(640, 12, 3, seed=args.seed)
    train_ds, val_ds = ChurnTable(table[:512]), ChurnTable(table[512:])
    train_dl = DataLoader(train_ds, batch_size=args.micro_batch, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=64)

    model = MLP(12, 64, 3)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    trainer = Trainer(model, opt, accum_steps=args.accum_steps)
    for epoch in range(args.epochs):
        loss = trainer.train_epoch(train_dl)
        acc = trainer.evaluate(val_dl)
        print(f"epoch {epoch}: loss={loss:.4f} val_acc={acc:.3f} opt_steps={trainer.global_step}")


if __name__ == "__main__":
    main()
