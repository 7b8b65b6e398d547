import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, optimizer, callbacks=()):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = nn.BCEWithLogitsLoss()
        self.callbacks = list(callbacks)
        self.epoch = 0

    def _emit(self, hook, **kw):
        for cb in self.callbacks:
            getattr(cb, hook, lambda *a, **k: None)(self, **kw)

    def train_epoch(self, loader):
        self.model.train()
        total = 0.0
        for step, (x, mask, y) in enumerate(loader):
            logits = self.model(x, mask)
            loss = self.loss_fn(logits, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
            self._emit("on_batch_end", step=step, loss=loss.item())
        return total / (step + 1)

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        tp = fp = fn = 0
        for x, mask, y in loader:
            pred = (self.model(x, mask) > 0).long()
            y = y.long()
            tp += (pred & y).sum().item()
            fp += (pred & (1 - y)).sum().item()
            fn += ((1 - pred) & y).sum().item()
        return 2 * tp / max(2 * tp + fp + fn, 1)

    def fit(self, train_dl, val_dl, epochs):
        for self.epoch in range(epochs):
            loss = self.train_epoch(train_dl)
            f1 = self.validate(val_dl)
            self._emit("on_epoch_end", train_loss=loss, val_f1=f1)


class PrintLogger:
    def __init__(self, every=10):
        self.every = every

    def on_batch_end(self, trainer, step, loss):
        if step % self.every == 0:
            print(f"  epoch {trainer.epoch} step {step} loss {loss:.4f}")

    def on_epoch_end(self, trainer, train_loss, val_f1):
        print(f"epoch {trainer.epoch}: train_loss={train_loss:.4f} val_microF1={val_f1:.3f}")
