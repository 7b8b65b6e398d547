class EpochLogger:
    def on_epoch_end(self, epoch, logs, model):
        print(f"epoch {epoch}: train_rmse={logs['rmse']:.4f} "
              f"user_factor_norm={model.user_factors.weight.norm().item():.4f}")


class EarlyStopping:
    def __init__(self, patience=3):
        self.best, self.bad, self.patience = float("inf"), 0, patience

    def on_epoch_end(self, epoch, logs, model):
        if logs["rmse"] < self.best - 1e-4:
            self.best, self.bad = logs["rmse"], 0
        else:
            self.bad += 1
        logs["stop"] = self.bad >= self.patience
