import os


class Callback:
    def on_validation_end(self, trainer, module, metrics):
        pass

    def on_train_epoch_end(self, trainer, module):
        pass


class ModelCheckpoint(Callback):
    def __init__(self, dirpath, monitor="val_loss", mode="min", save_last=True):
        self.dirpath, self.monitor, self.mode, self.save_last = dirpath, monitor, mode, save_last
        self.best_model_score = None
        self.best_model_path = None

    def _better(self, score):
        if self.best_model_score is None:
            return True
        return score < self.best_model_score if self.mode == "min" else score > self.best_model_score

    def on_validation_end(self, trainer, module, metrics):
        score = metrics[self.monitor]
        os.makedirs(self.dirpath, exist_ok=True)
        if self._better(score):
            self.best_model_score = score
            self.best_model_path = os.path.join(self.dirpath, f"epoch={trainer.current_epoch}-{self.monitor}={score:.4f}.ckpt")
            trainer.save_checkpoint(self.best_model_path)
        if self.save_last:
            trainer.save_checkpoint(os.path.join(self.dirpath, "last.ckpt"))


class LRMonitor(Callback):
    def on_train_epoch_end(self, trainer, module):
        lrs = [g["lr"] for g in trainer.optimizer.param_groups]
        print(f"  lr: {lrs}")
