import math

import torch


class EarlyStopping:
    def __init__(self, patience=3):
        self.patience = patience
        self.best = math.inf
        self.bad = 0

    def __call__(self, val_loss):
        if val_loss < self.best - 1e-4:
            self.best, self.bad = val_loss, 0
            return False
        self.bad += 1
        return self.bad >= self.patience


class Trainer:
    def __init__(self, model, criterion, optimizer, scheduler=None, stopper=None):
        self.model, self.criterion, self.optimizer = model, criterion, optimizer
        self.scheduler, self.stopper = scheduler, stopper
        self.history = []

    def _step(self, batch, train):
        x, y = batch
        out = self.model(x)
        loss = self.criterion(out, y)
        if train:
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return loss.item() * len(y), (out.argmax(1) == y).sum().item(), len(y)

    def _epoch(self, loader, train):
        self.model.train(train)
        agg = [0.0, 0, 0]
        with torch.set_grad_enabled(train):
            for batch in loader:
                for k, v in enumerate(self._step(batch, train)):
                    agg[k] += v
        return agg[0] / agg[2], agg[1] / agg[2]

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            tl, ta = self._epoch(train_loader, True)
            vl, va = self._epoch(val_loader, False)
            if self.scheduler is not None:
                self.scheduler.step()
            self.history.append({"epoch": epoch, "train_loss": tl, "val_loss": vl, "val_acc": va})
            print(f"epoch {epoch:02d} train {tl:.3f}/{ta:.3f} val {vl:.3f}/{va:.3f}")
            if self.stopper is not None and self.stopper(vl):
                print("early stop")
                break
        return self.history
