import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, accum_steps=4, log_every=10):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.log_every = log_every
        self.global_step = 0

    def train_epoch(self, loader):
        self.model.train()
        self.optimizer.zero_grad()
        total, n = 0.0, 0
        for i, (x, y) in enumerate(loader):
            logits = self.model(x)
            loss = F.cross_entropy(logits, y) / self.accum_steps
            loss.backward()
            total += loss.item() * self.accum_steps
            n += 1
            if (i + 1) % self.accum_steps == 0 or (i + 1) == len(loader):
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.global_step += 1
        return total / max(n, 1)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = total = 0
        for x, y in loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            total += len(y)
        return correct / total
