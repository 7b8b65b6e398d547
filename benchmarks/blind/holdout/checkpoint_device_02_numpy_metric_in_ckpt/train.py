import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from config import Config
from trainer import Trainer


def build_datasets(cfg):
    g = torch.Generator().manual_seed(cfg.seed)
    w = torch.randn(cfg.n_features, cfg.n_classes, generator=g)
    x = torch.randn(cfg.n_samples, cfg.n_features, generator=g)
    y = (x @ w + 0.3 * torch.randn(cfg.n_samples, cfg.n_classes, generator=g)).argmax(1)
    n_train = int(0.8 * cfg.n_samples)
    return TensorDataset(x[:n_train], y[:n_train]), TensorDataset(x[n_train:], y[n_train:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=None)
    cli = parser.parse_args()
    cfg = Config()
    if cli.epochs is not None:
        cfg.epochs = cli.epochs
    torch.manual_seed(cfg.seed)

    train_ds, val_ds = build_datasets(cfg)
    train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=cfg.batch_size)

    model = nn.Sequential(
        nn.Linear(cfg.n_features, cfg.hidden),
        nn.GELU(),
        nn.LayerNorm(cfg.hidden),
        nn.Linear(cfg.hidden, cfg.n_classes),
    )
    Trainer(model, cfg, train_loader, val_loader).fit()


if __name__ == "__main__":
    main()
