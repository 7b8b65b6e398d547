import math

import torch
import torch.nn as nn


class AccumulatingTrainer:
    """Effective batch = micro_batch * accum_steps, for when the large batch does not fit in memory."""

    def __init__(self, model, lr, accum_steps=4, clip=1.0):
        self.model = model
        self.accum_steps = accum_steps
        self.clip = clip
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
        self.criterion = nn.CrossEntropyLoss()
        self.updates = 0

    def _loss(self, x, y):
        logits = self.model(x)
        return self.criterion(logits.reshape(-1, logits.size(-1)), y.reshape(-1))

    def train_epoch(self, loader):
        self.model.train()
        self.optimizer.zero_grad(set_to_none=True)
        total, n_batches = 0.0, len(loader)
        for i, (x, y) in enumerate(loader):
            loss = self._loss(x, y)
            (loss / self.accum_steps).backward()
            total += loss.item()
            if (i + 1) % self.accum_steps == 0 or (i + 1) == n_batches:
                nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
                self.updates += 1
        return total / n_batches

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        losses = [self._loss(x, y).item() for x, y in loader]
        loss = sum(losses) / len(losses)
        return loss, math.exp(loss)
