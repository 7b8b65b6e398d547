import time

import torch


class LRMonitor:
    def on_epoch_end(self, trainer, epoch, metrics):
        metrics["lr"] = trainer.optimizer.param_groups[0]["lr"]


class Timer:
    def on_epoch_start(self, trainer, epoch):
        self.t0 = time.perf_counter()

    def on_epoch_end(self, trainer, epoch, metrics):
        metrics["sec"] = round(time.perf_counter() - self.t0, 2)


class Trainer:
    def __init__(self, model, optimizer, loss_fn, scheduler=None, callbacks=()):
        self.model, self.optimizer, self.loss_fn, self.scheduler = model, optimizer, loss_fn, scheduler
        self.callbacks = list(callbacks)

    def _hook(self, name, *args):
        for cb in self.callbacks:
            fn = getattr(cb, name, None)
            if fn is not None:
                fn(self, *args)

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            self._hook("on_epoch_start", epoch)
            self.model.train()
            tot, n = 0.0, 0
            for x, y in train_loader:
                pred = self.model(x)
                loss = self.loss_fn(pred, y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                tot += loss.item() * len(y)
                n += len(y)
            if self.scheduler:
                self.scheduler.step()
            metrics = {"train_mae": tot / n, "val_mae": self.validate(val_loader)}
            self._hook("on_epoch_end", epoch, metrics)
            print(f"epoch {epoch}", metrics)

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        errs = [(self.model(x) - y).abs().sum().item() for x, y in loader]
        return sum(errs) / len(loader.dataset)
