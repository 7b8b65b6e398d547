import time

import torch
import torch.nn.functional as F

from .data import make_loaders
from .model import WideAndDeep


def binary_logloss(logits, target):
    return F.binary_cross_entropy_with_logits(logits, target)


def run_epoch(model, loader, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total, count = 0.0, 0
    with torch.set_grad_enabled(training):
        for users, items, dense, y in loader:
            logits = model(users, items, dense)
            loss = binary_logloss(logits, y)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total += loss.item() * y.numel()
            count += y.numel()
    return total / count


def fit(cfg):
    train_dl, val_dl = make_loaders(cfg)
    model = WideAndDeep(cfg.n_users, cfg.n_items, n_dense=3, embed_dim=cfg.embed_dim, hidden=cfg.hidden)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    history = []
    for epoch in range(1, cfg.epochs + 1):
        t0 = time.time()
        tr_loss = run_epoch(model, train_dl, optimizer)
        va_loss = run_epoch(model, val_dl)
        history.append({"epoch": epoch, "train_logloss": tr_loss, "val_logloss": va_loss})
        print(f"epoch {epoch:02d}  train loss {tr_loss:.4f}  val_logloss {va_loss:.4f}  [{time.time() - t0:.1f}s]")
    return history
