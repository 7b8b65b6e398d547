import os

import torch
from torch import nn

from metrics import macro_f1


class Trainer:
    def __init__(self, model, cfg, train_loader, val_loader):
        self.model = model
        self.cfg = cfg
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.best_f1 = -1.0

    def train_one_epoch(self, epoch):
        self.model.train()
        total = 0.0
        for xb, yb in self.train_loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(xb), yb)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * xb.size(0)
        return total / len(self.train_loader.dataset)

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        preds, targets = [], []
        for xb, yb in self.val_loader:
            preds.append(self.model(xb).argmax(dim=1))
            targets.append(yb)
        preds = torch.cat(preds).numpy()
        targets = torch.cat(targets).numpy()
        return macro_f1(preds, targets, self.cfg.n_classes)

    def save(self, epoch, f1):
        os.makedirs(os.path.dirname(self.cfg.ckpt_path), exist_ok=True)
        torch.save(
            {"epoch": epoch, "state_dict": self.model.state_dict(), "best_f1": f1},
            self.cfg.ckpt_path,
        )

    def restore_best(self):
        ckpt = torch.load(self.cfg.ckpt_path)
        self.model.load_state_dict(ckpt["state_dict"])
        print(f"restored epoch {ckpt['epoch']} (val macro-F1 {ckpt['best_f1']:.3f})")

    def fit(self):
        for epoch in range(self.cfg.epochs):
            loss = self.train_one_epoch(epoch)
            f1 = self.validate()
            print(f"[epoch {epoch}] train_loss={loss:.4f} val_f1={f1:.3f}")
            if f1 > self.best_f1:
                self.best_f1 = f1
                self.save(epoch, f1)
        self.restore_best()
