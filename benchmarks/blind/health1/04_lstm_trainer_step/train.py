import argparse

import torch

from seqcls.data import get_loaders
from seqcls.model import LSTMClassifier
from seqcls.trainer import Trainer


def main():
    parser = argparse.ArgumentParser(description="LSTM sentiment toy task")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    train_loader, val_loader = get_loaders(args.batch_size, args.seed)
    trainer = Trainer(LSTMClassifier(), lr=args.lr)
    for epoch in range(1, args.epochs + 1):
        train_loss = trainer.train_epoch(train_loader)
        val_loss, val_acc = trainer.evaluate(val_loader)
        print(f"Epoch {epoch}: train_loss={train_loss:.4f} val_loss={val_loss:.4f} val_acc={val_acc:.3f}")


if __name__ == "__main__":
    main()
