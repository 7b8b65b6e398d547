import json
import os

import torch


class Callback:
    def on_fit_start(self, trainer): ...
    def on_epoch_end(self, trainer, logs): ...
    def on_fit_end(self, trainer): ...


class History(Callback):
    def __init__(self, path):
        self.path = path
        self.rows = []

    def on_epoch_end(self, trainer, logs):
        self.rows.append(dict(logs))

    def on_fit_end(self, trainer):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path, "w") as f:
            json.dump(self.rows, f, indent=1)


class BestCheckpoint(Callback):
    def __init__(self, path, monitor="val_acc"):
        self.path, self.monitor, self.best = path, monitor, float("-inf")

    def on_epoch_end(self, trainer, logs):
        if logs[self.monitor] > self.best:
            self.best = logs[self.monitor]
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            torch.save({"model": trainer.model.state_dict(), "epoch": logs["epoch"]}, self.path)


class ConsoleLogger(Callback):
    def on_epoch_end(self, trainer, logs):
        print(" ".join(f"{k}={v:.4f}" if isinstance(v, float) else f"{k}={v}" for k, v in logs.items()))
