import argparse

import torch

from ecg.config import get_config
from ecg.data import get_dataloaders
from ecg.models import BeatCNN
from ecg.trainer import fit


def main():
    parser = argparse.ArgumentParser(description="ECG beat classification")
    parser.add_argument("--epochs", type=int, default=None)
    parser.add_argument("--batch-size", type=int, default=None)
    parser.add_argument("--lr", type=float, default=None)
    args = parser.parse_args()
    cfg = get_config(**{k: v for k, v in vars(args).items() if v is not None})

    torch.manual_seed(cfg.seed)
    loaders = get_dataloaders(cfg)
    model = BeatCNN(n_classes=cfg.n_classes, width=cfg.width, dropout=cfg.dropout)
    summary = fit(model, loaders, cfg)
    print(f"done: best val f1 {summary['best_f1']:.3f} at epoch {summary['best_epoch']}")


if __name__ == "__main__":
    main()
