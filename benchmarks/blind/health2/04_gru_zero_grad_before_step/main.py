import argparse

import torch

from seqcls.data import build_sensor_loaders
from seqcls.model import GRUClassifier
from seqcls.trainer import Trainer


def get_args():
    ap = argparse.ArgumentParser("activity recognition from accelerometer windows")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch_size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-2)
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--clip", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=7)
    return ap.parse_args()


if __name__ == "__main__":
    args = get_args()
    torch.manual_seed(args.seed)
    train_loader, val_loader, n_classes = build_sensor_loaders(args.batch_size, seed=args.seed)
    model = GRUClassifier(input_size=3, hidden_size=args.hidden, num_classes=n_classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    trainer = Trainer(model, optimizer, clip=args.clip)
    for epoch in range(1, args.epochs + 1):
        train_loss = trainer.train_epoch(train_loader)
        val_loss, val_acc = trainer.validate(val_loader)
        print(f"epoch {epoch} train_loss {train_loss:.4f} val_loss {val_loss:.4f} val_acc {val_acc:.3f}")
