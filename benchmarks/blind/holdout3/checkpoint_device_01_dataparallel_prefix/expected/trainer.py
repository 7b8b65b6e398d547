import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader


def fit(model, train_ds, val_ds, cfg):
    os.makedirs(cfg.CKPT_DIR, exist_ok=True)
    if cfg.USE_DATA_PARALLEL:
        model = nn.DataParallel(model)
    train_dl = DataLoader(train_ds, batch_size=cfg.BATCH_SIZE, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg.BATCH_SIZE)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.LR)
    crit = nn.CrossEntropyLoss()
    best_acc, best_path = -1.0, os.path.join(cfg.CKPT_DIR, "best.pth")

    for epoch in range(cfg.EPOCHS):
        model.train()
        for x, y in train_dl:
            opt.zero_grad()
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in val_dl) / len(val_ds)
        print(f"epoch {epoch}: loss {loss.item():.3f} val acc {acc:.3f}")
        if acc > best_acc:
            best_acc = acc
            to_save = model.module if isinstance(model, nn.DataParallel) else model
            torch.save(to_save.state_dict(), best_path)
    return best_path
