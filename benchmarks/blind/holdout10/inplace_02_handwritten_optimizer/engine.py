import os
import time

import torch
import torch.nn as nn


class Engine:
    def __init__(self, model, optimizer, train_loader, test_loader, workdir, lr_milestones=()):
        self.model = model
        self.optimizer = optimizer
        self.train_loader = train_loader
        self.test_loader = test_loader
        self.workdir = workdir
        self.criterion = nn.CrossEntropyLoss()
        self.lr_milestones = set(lr_milestones)
        self.epoch = 0

    def _adjust_lr(self):
        if self.epoch in self.lr_milestones:
            self.optimizer.lr *= 0.1

    def train_one_epoch(self):
        self.model.train()
        t0, seen, loss_sum = time.time(), 0, 0.0
        for x, y in self.train_loader:
            out = self.model(x)
            loss = self.criterion(out, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            loss_sum += loss.item() * len(y)
            seen += len(y)
        return loss_sum / seen, time.time() - t0

    @torch.no_grad()
    def test(self):
        self.model.eval()
        correct = total = 0
        for x, y in self.test_loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            total += len(y)
        return correct / total

    def run(self, epochs):
        for _ in range(epochs):
            self._adjust_lr()
            loss, dt = self.train_one_epoch()
            acc = self.test()
            print(f"[epoch {self.epoch}] loss {loss:.4f} test_acc {acc:.3f} lr {self.optimizer.lr:.4f} ({dt:.1f}s)")
            self.epoch += 1
            self.checkpoint()

    def checkpoint(self):
        os.makedirs(self.workdir, exist_ok=True)
        torch.save({"model": self.model.state_dict(), "optim": self.optimizer.state_dict(),
                    "epoch": self.epoch}, os.path.join(self.workdir, "last.pth"))
