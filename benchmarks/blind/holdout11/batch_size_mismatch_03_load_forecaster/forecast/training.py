import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader


def fit(model, train_set, val_set, cfg, workdir):
    loader = DataLoader(train_set, batch_size=cfg.batch_size, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=cfg.batch_size * 2)
    optim = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    sched = torch.optim.lr_scheduler.StepLR(optim, step_size=1, gamma=0.7)
    loss_fn = nn.MSELoss()
    out_dir = os.path.join(workdir, cfg.out_dir)
    os.makedirs(out_dir, exist_ok=True)
    history = []
    for epoch in range(cfg.epochs):
        model.train()
        tr = 0.0
        for hist, target in loader:
            pred = model(hist)
            loss = loss_fn(pred, target)
            optim.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optim.step()
            tr += loss.item() * hist.size(0)
        sched.step()
        model.eval()
        va = 0.0
        with torch.no_grad():
            for hist, target in val_loader:
                va += loss_fn(model(hist), target).item() * hist.size(0)
        rec = {"epoch": epoch, "train_mse": tr / len(train_set), "val_mse": va / len(val_set)}
        history.append(rec)
        print(rec)
    torch.save(model.state_dict(), os.path.join(out_dir, "forecaster.pt"))
    with open(os.path.join(out_dir, "history.json"), "w") as f:
        json.dump(history, f, indent=2)
    return history
