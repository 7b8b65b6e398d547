import argparse

import torch
import torch.nn.functional as F

from config import Config
from recsys.data import split_loaders
from recsys.model import BiasedMF
from recsys.schedule import WarmupCosineSchedule


def rmse(model, loader):
    model.eval()
    se, n = 0.0, 0
    with torch.no_grad():
        for u, i, r in loader:
            se += F.mse_loss(model(u, i), r, reduction="sum").item()
            n += len(r)
    return (se / n) ** 0.5


def main():
    cfg = Config()
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=cfg.epochs)
    parser.add_argument("--lr", type=float, default=cfg.lr)
    args = parser.parse_args()
    cfg.epochs, cfg.lr = args.epochs, args.lr

    torch.manual_seed(cfg.seed)
    train_loader, val_loader = split_loaders(cfg)
    model = BiasedMF(cfg.n_users, cfg.n_items, cfg.rank)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    total_steps = cfg.epochs * len(train_loader)
    scheduler = WarmupCosineSchedule(optimizer, int(cfg.warmup_ratio * total_steps), total_steps)

    for epoch in range(1, cfg.epochs + 1):
        model.train()
        running = 0.0
        for u, i, r in train_loader:
            loss = F.mse_loss(model(u, i), r)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
            running += loss.item()
        print(f"epoch {epoch:02d} train_mse {running / len(train_loader):.4f} val_rmse {rmse(model, val_loader):.4f} lr {scheduler.get_lr()[0]:.5f}")


if __name__ == "__main__":
    main()
