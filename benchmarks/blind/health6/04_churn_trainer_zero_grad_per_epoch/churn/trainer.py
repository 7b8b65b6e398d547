import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, cfg, callbacks=()):
        self.model = model
        self.cfg = cfg
        self.callbacks = list(callbacks)
        o = cfg.optim
        self.optimizer = torch.optim.SGD(model.parameters(), lr=o.lr, momentum=o.momentum,
                                         weight_decay=o.weight_decay)
        self.history = []

    def _emit(self, hook, **kw):
        for cb in self.callbacks:
            getattr(cb, hook, lambda *a, **k: None)(self, **kw)

    def training_step(self, batch):
        x, y = batch
        logits = self.model(x).squeeze(-1)
        return F.binary_cross_entropy_with_logits(logits, y)

    def fit(self, train_loader, val_loader=None):
        for epoch in range(self.cfg.epochs):
            self.model.train()
            self.optimizer.zero_grad()
            self._emit("on_epoch_start", epoch=epoch)
            total, count = 0.0, 0
            for batch in train_loader:
                loss = self.training_step(batch)
                loss.backward()
                self.optimizer.step()
                total += loss.item() * len(batch[1])
                count += len(batch[1])
            logs = {"epoch": epoch, "train_loss": total / count}
            if val_loader is not None:
                logs.update(self.evaluate(val_loader))
            self.history.append(logs)
            self._emit("on_epoch_end", logs=logs)
        return self.history

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        total, correct, count = 0.0, 0, 0
        for x, y in loader:
            logits = self.model(x).squeeze(-1)
            total += F.binary_cross_entropy_with_logits(logits, y, reduction="sum").item()
            correct += ((logits > 0).float() == y).sum().item()
            count += len(y)
        return {"val_loss": total / count, "val_acc": correct / count}
