import argparse
from dataclasses import fields

import torch
import torch.nn as nn

from housing.config import TrainConfig
from housing.data import build_loaders
from housing.model import PriceRegressor


def load_config():
    cfg = TrainConfig()
    parser = argparse.ArgumentParser()
    for f in fields(cfg):
        if f.type in (int, float, "int", "float"):
            parser.add_argument(f"--{f.name.replace('_', '-')}", type=type(getattr(cfg, f.name)), default=getattr(cfg, f.name))
    args = parser.parse_args()
    for k, v in vars(args).items():
        setattr(cfg, k, v)
    return cfg


def run_epoch(model, loader, loss_fn, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total, count = 0.0, 0
    with torch.set_grad_enabled(training):
        for x, y in loader:
            pred = model(x)
            loss = loss_fn(pred, y)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total += loss.item() * len(x)
            count += len(x)
    return total / count


def main():
    cfg = load_config()
    torch.manual_seed(cfg.seed)
    train_loader, val_loader, n_features = build_loaders(cfg)
    model = PriceRegressor(n_features, cfg.hidden)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    loss_fn = nn.MSELoss()
    for epoch in range(1, cfg.epochs + 1):
        tr = run_epoch(model, train_loader, loss_fn, optimizer)
        va = run_epoch(model, val_loader, loss_fn)
        print(f"[{epoch:02d}] train_mse={tr:.4f} val_mse={va:.4f}")


if __name__ == "__main__":
    main()
