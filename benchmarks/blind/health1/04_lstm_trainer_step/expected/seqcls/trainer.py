import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, lr=3e-3, grad_clip=1.0):
        self.model = model
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.grad_clip = grad_clip

    def _optimizer_step(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_clip)
        self.optimizer.step()

    def train_step(self, batch):
        tokens, lengths, labels = batch
        self.optimizer.zero_grad()
        logits = self.model(tokens, lengths)
        loss = self.criterion(logits, labels)
        loss.backward()
        self._optimizer_step()
        return loss.item()

    def train_epoch(self, loader):
        self.model.train()
        losses = [self.train_step(batch) for batch in loader]
        return sum(losses) / len(losses)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = total = 0
        loss_sum = 0.0
        for tokens, lengths, labels in loader:
            logits = self.model(tokens, lengths)
            loss_sum += self.criterion(logits, labels).item() * len(labels)
            correct += (logits.argmax(-1) == labels).sum().item()
            total += len(labels)
        return loss_sum / total, correct / total
