import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, optimizer, clip=None):
        self.model = model
        self.optimizer = optimizer
        self.clip = clip
        self.criterion = nn.CrossEntropyLoss()

    def _update(self, loss):
        self.optimizer.zero_grad()
        loss.backward()
        if self.clip is not None:
            nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
        self.optimizer.step()

    def train_epoch(self, loader):
        self.model.train()
        epoch_loss = 0.0
        for x, y in loader:
            logits = self.model(x)
            loss = self.criterion(logits, y)
            self._update(loss)
            epoch_loss += loss.item()
        return epoch_loss / len(loader)

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        total, correct, seen = 0.0, 0, 0
        for x, y in loader:
            logits = self.model(x)
            total += self.criterion(logits, y).item() * y.size(0)
            correct += (logits.argmax(1) == y).sum().item()
            seen += y.size(0)
        return total / seen, correct / seen
