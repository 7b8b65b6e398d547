import time

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, optimizer, scheduler, max_grad_norm=1.0, use_amp=True):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.max_grad_norm = max_grad_norm
        self.use_amp = use_amp
        self.criterion = nn.BCEWithLogitsLoss()
        self.history = []

    def _forward(self, x, y):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.use_amp):
            logits = self.model(x)
        return self.criterion(logits.float(), y)

    def train_epoch(self, loader):
        self.model.train()
        total, n = 0.0, 0
        for x, y in loader:
            self.optimizer.zero_grad(set_to_none=True)
            loss = self._forward(x, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_grad_norm)
            self.optimizer.step()
            self.scheduler.step()
            total += loss.item() * x.size(0)
            n += x.size(0)
        return total / n

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        total, n = 0.0, 0
        for x, y in loader:
            total += self._forward(x, y).item() * x.size(0)
            n += x.size(0)
        return total / n

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            t0 = time.time()
            tr = self.train_epoch(train_loader)
            va = self.validate(val_loader)
            self.history.append({"epoch": epoch, "train_loss": tr, "val_loss": va})
            print(f"[{epoch + 1}/{epochs}] train {tr:.4f} val {va:.4f} "
                  f"lr {self.scheduler.get_last_lr()[0]:.2e} ({time.time() - t0:.1f}s)")
        return self.history
