import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from har.config import HARConfig
from har.model import GRUClassifier
from har.signals import make_subject_split

HERE = os.path.dirname(os.path.abspath(__file__))


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg.seed)
        train_set, val_set = make_subject_split(cfg)
        self.train_loader = DataLoader(train_set, batch_size=cfg.batch_size, shuffle=True)
        self.val_loader = DataLoader(val_set, batch_size=cfg.batch_size)
        self.model = GRUClassifier(cfg)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.criterion = nn.CrossEntropyLoss()
        print(f"train windows {len(train_set)}, val windows {len(val_set)}")

    def run_epoch(self, loader, train):
        self.model.train(train)
        total_loss, correct, n = 0.0, 0, 0
        for x, y in loader:
            with torch.set_grad_enabled(train):
                logits = self.model(x)
                loss = self.criterion(logits, y)
            if train:
                self.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.model.parameters(), 2.0)
                self.optimizer.step()
            total_loss += loss.item() * y.size(0)
            correct += (logits.argmax(1) == y).sum().item()
            n += y.size(0)
        return total_loss / n, correct / n

    def fit(self):
        best = 0.0
        os.makedirs(os.path.join(HERE, self.cfg.save_dir), exist_ok=True)
        for epoch in range(self.cfg.epochs):
            tl, ta = self.run_epoch(self.train_loader, True)
            vl, va = self.run_epoch(self.val_loader, False)
            print(f"epoch {epoch + 1}/{self.cfg.epochs} train {tl:.3f}/{ta:.3f} val {vl:.3f}/{va:.3f}")
            if va >= best:
                best = va
                torch.save(self.model.state_dict(), os.path.join(HERE, self.cfg.save_dir, "gru_best.pt"))


if __name__ == "__main__":
    Trainer(HARConfig.from_cli()).fit()
