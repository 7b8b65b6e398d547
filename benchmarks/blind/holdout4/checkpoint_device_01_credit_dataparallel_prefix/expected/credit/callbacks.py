import os

import torch


class ModelCheckpoint:
    def __init__(self, dirpath, filename="best.pt", mode="min"):
        self.dirpath = dirpath
        self.path = os.path.join(dirpath, filename)
        self.sign = 1 if mode == "min" else -1
        self.best = float("inf")

    def on_validation_end(self, trainer, metric):
        score = self.sign * metric
        if score < self.best:
            self.best = score
            os.makedirs(self.dirpath, exist_ok=True)
            model = trainer.model
            if isinstance(model, torch.nn.DataParallel):
                model = model.module
            torch.save(model.state_dict(), self.path)
            print(f"  saved checkpoint ({metric:.4f}) -> {self.path}")


class ProgressLogger:
    def on_validation_end(self, trainer, metric):
        print(f"epoch {trainer.current_epoch}: val_loss={metric:.4f}")
