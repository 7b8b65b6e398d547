import argparse
import json
import time

import torch
from torch import nn

from eegnet.data import N_CHANNELS, get_loaders
from eegnet.model import ShallowConvNet


class Runner:
    def __init__(self, model, lr, log_path="metrics.jsonl"):
        self.model = model
        self.lr = lr
        self.criterion = nn.CrossEntropyLoss()
        self.log_path = log_path
        self.optimizer = None

    def _log(self, **kw):
        print(" ".join(f"{k}={v:.4f}" if isinstance(v, float) else f"{k}={v}" for k, v in kw.items()))
        with open(self.log_path, "a") as f:
            f.write(json.dumps(kw) + "\n")

    def train_epoch(self, loader):
        self.model.train()
        tot = 0.0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            tot += loss.item()
        return tot / len(loader)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        hit = n = 0
        for x, y in loader:
            hit += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return hit / n

    def fit(self, train_loader, val_loader, epochs):
        # materialise the lazy layer before building the optimizer
        self.model(next(iter(train_loader))[0])
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=self.lr)
        for epoch in range(epochs):
            t0 = time.time()
            loss = self.train_epoch(train_loader)
            acc = self.evaluate(val_loader)
            self._log(epoch=epoch, train_loss=loss, val_acc=acc, secs=time.time() - t0)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3)
    a = p.parse_args()
    torch.manual_seed(0)
    train_loader, val_loader = get_loaders(a.batch_size)
    Runner(ShallowConvNet(N_CHANNELS, 2), a.lr).fit(train_loader, val_loader, a.epochs)
