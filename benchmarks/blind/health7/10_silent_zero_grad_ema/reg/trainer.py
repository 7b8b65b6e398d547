import torch
import torch.nn.functional as F

from .ema import ModelEma


class Trainer:
    def __init__(self, model, lr, max_grad_norm=1.0, ema_decay=0.98):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.ema = ModelEma(model, ema_decay)
        self.max_grad_norm = max_grad_norm

    def train_one_epoch(self, loader):
        self.model.train()
        total = 0.0
        for x, y in loader:
            loss = F.mse_loss(self.model(x), y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_grad_norm)
            self.optimizer.zero_grad()
            self.optimizer.step()
            self.ema.update(self.model)
            total += loss.item() * len(y)
        return total / len(loader.dataset)

    @torch.no_grad()
    def validate(self, loader):
        total = 0.0
        for x, y in loader:
            total += F.mse_loss(self.ema.module(x), y, reduction="sum").item()
        return total / len(loader.dataset)
