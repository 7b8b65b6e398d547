import torch
import torch.nn as nn


class Engine:
    def __init__(self, model, optimizer, scheduler=None, clip=0.1):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.clip = clip
        self.criterion = nn.CrossEntropyLoss()

    def _backward(self, loss):
        self.optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)

    def _update(self):
        self.optimizer.step()

    def train_epoch(self, loader):
        self.model.train()
        total_loss, total_acc, total_count = 0.0, 0, 0
        for text, offsets, label in loader:
            predicted = self.model(text, offsets)
            loss = self.criterion(predicted, label)
            self._backward(loss)
            self._update()
            total_loss += loss.item() * label.size(0)
            total_acc += (predicted.argmax(1) == label).sum().item()
            total_count += label.size(0)
        if self.scheduler is not None:
            self.scheduler.step()
        return total_loss / total_count, total_acc / total_count

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        total_acc, total_count = 0, 0
        for text, offsets, label in loader:
            total_acc += (self.model(text, offsets).argmax(1) == label).sum().item()
            total_count += label.size(0)
        return total_acc / total_count
