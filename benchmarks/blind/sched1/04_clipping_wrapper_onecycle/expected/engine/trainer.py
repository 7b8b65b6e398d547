import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from .optim import ClippedOptimizer


class Trainer:
    def __init__(self, model, train_set, hparams):
        self.model = model
        self.hparams = hparams
        self.loader = DataLoader(train_set, batch_size=hparams["batch_size"], shuffle=True)
        self.loss_fn = nn.MSELoss()
        self.optimizer = self.configure_optimizer()
        self.scheduler = self.configure_scheduler()

    def configure_optimizer(self):
        decay, no_decay = [], []
        for name, p in self.model.named_parameters():
            (no_decay if name.endswith("bias") else decay).append(p)
        base = torch.optim.AdamW(
            [{"params": decay, "weight_decay": self.hparams["weight_decay"]},
             {"params": no_decay, "weight_decay": 0.0}],
            lr=self.hparams["lr"],
        )
        return ClippedOptimizer(base, max_norm=self.hparams["clip"])

    def configure_scheduler(self):
        return torch.optim.lr_scheduler.OneCycleLR(
            self.optimizer.optim,
            max_lr=self.hparams["lr"],
            epochs=self.hparams["epochs"],
            steps_per_epoch=len(self.loader),
            pct_start=0.3,
        )

    def fit(self):
        self.model.train()
        for epoch in range(self.hparams["epochs"]):
            total = 0.0
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = self.loss_fn(self.model(x).squeeze(-1), y)
                loss.backward()
                self.optimizer.step()
                self.scheduler.step()
                total += loss.item() * len(y)
            print(f"epoch {epoch:02d} mse {total / len(self.loader.dataset):.4f} "
                  f"grad_norm {float(self.optimizer.last_grad_norm):.3f}")
