import argparse

import torch

from forecast.config import CONFIG
from forecast.data import build_loaders
from forecast.model import GRUForecaster
from forecast.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=CONFIG["optim"]["epochs"])
    ap.add_argument("--lr", type=float, default=CONFIG["optim"]["lr"])
    args = ap.parse_args()

    cfg = CONFIG
    cfg["optim"]["epochs"] = args.epochs
    cfg["optim"]["lr"] = args.lr
    torch.manual_seed(cfg["seed"])
    torch.set_num_threads(cfg["num_threads"])

    train_dl, val_dl = build_loaders(**cfg["data"], seed=cfg["seed"])
    model = GRUForecaster(**cfg["model"])
    trainer = Trainer(model, cfg["optim"])
    trainer.fit(train_dl, val_dl)


if __name__ == "__main__":
    main()
