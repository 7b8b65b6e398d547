import argparse

import torch

from audio.data import ToneDataset
from audio.engine import Trainer
from audio.model import KeywordNet
from config import CONFIG


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=CONFIG["epochs"])
    ap.add_argument("--lr", type=float, default=CONFIG["lr"])
    args = ap.parse_args()
    cfg = dict(CONFIG, epochs=args.epochs, lr=args.lr)

    torch.manual_seed(cfg["seed"])
    train_ds = ToneDataset(cfg["n_train"], cfg["signal_len"], seed=cfg["seed"])
    val_ds = ToneDataset(cfg["n_val"], cfg["signal_len"], seed=cfg["seed"] + 1)

    model = KeywordNet(cfg["backbone_channels"], cfg["pretrained_classes"], cfg["dropout"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    trainer = Trainer(model, optimizer, batch_size=cfg["batch_size"])
    trainer.fit(train_ds, val_ds, cfg["epochs"])


if __name__ == "__main__":
    main()
