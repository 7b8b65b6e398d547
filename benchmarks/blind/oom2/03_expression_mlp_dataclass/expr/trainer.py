import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, cfg, train_set, val_set):
        self.model = model
        self.cfg = cfg
        self.train_loader = DataLoader(train_set, batch_size=cfg.batch_size, shuffle=True)
        self.val_loader = DataLoader(val_set, batch_size=1024)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=cfg.step_size, gamma=cfg.gamma)
        os.makedirs(cfg.out_dir, exist_ok=True)

    def train_epoch(self, epoch):
        self.model.train()
        seen, total = 0, 0.0
        for x, y in self.train_loader:
            self.optimizer.zero_grad()
            loss = F.cross_entropy(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * len(y)
            seen += len(y)
        self.scheduler.step()
        return total / seen

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        correct = 0
        for x, y in self.val_loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
        return correct / len(self.val_loader.dataset)

    def fit(self):
        best = 0.0
        for epoch in range(self.cfg.epochs):
            tr = self.train_epoch(epoch)
            acc = self.validate()
            print(f"epoch {epoch}: train_loss={tr:.4f} val_acc={acc:.3f} lr={self.scheduler.get_last_lr()[0]:.1e}")
            if acc >= best:
                best = acc
                torch.save(self.model.state_dict(), os.path.join(self.cfg.out_dir, "best.pt"))
        return best
