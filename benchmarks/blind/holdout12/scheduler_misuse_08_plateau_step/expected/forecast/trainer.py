import json
import os
import time

import torch


class Trainer:
    def __init__(self, model, optimizer, scheduler, loss_fn, log_dir):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.loss_fn = loss_fn
        self.log_dir = log_dir
        os.makedirs(log_dir, exist_ok=True)
        self.history = []

    def _run(self, loader, train):
        self.model.train(train)
        total, n = 0.0, 0
        with torch.set_grad_enabled(train):
            for past, future in loader:
                pred = self.model(past)
                loss = self.loss_fn(pred, future)
                if train:
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                total += loss.item() * len(past)
                n += len(past)
        return total / n

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            t0 = time.time()
            train_loss = self._run(train_loader, train=True)
            val_loss = self._run(val_loader, train=False)
            if isinstance(self.scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
                self.scheduler.step(val_loss)
            else:
                self.scheduler.step()
            lr = self.optimizer.param_groups[0]["lr"]
            rec = {"epoch": epoch, "train_mse": train_loss, "val_mse": val_loss, "lr": lr,
                   "time": round(time.time() - t0, 2)}
            self.history.append(rec)
            print(json.dumps(rec))
        with open(os.path.join(self.log_dir, "history.json"), "w") as f:
            json.dump(self.history, f, indent=2)
        return self.history
