import argparse

import torch

from tabnet.data import load_credit_frames
from tabnet.nets.mlp import TabularMLP
from tabnet.engine.trainer import Trainer, TrainerArgs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--num-sanity-val-steps", type=int, default=2)
    a = ap.parse_args()
    torch.manual_seed(0)
    train_dl, val_dl, n_features = load_credit_frames(batch_size=128)
    model = TabularMLP(n_features, hidden=(128, 64), dropout=0.1)
    trainer = Trainer(TrainerArgs(max_epochs=a.epochs, lr=a.lr, num_sanity_val_steps=a.num_sanity_val_steps))
    trainer.fit(model, train_dl, val_dl)


if __name__ == "__main__":
    main()
