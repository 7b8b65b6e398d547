import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .builders import build_optimizer, build_scheduler
from .dataset import SensorWindows
from .model import GRUClassifier


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg["seed"])
        d = cfg["data"]
        self.train_loader = DataLoader(
            SensorWindows(d["n_train"], d["seq_len"], d["n_features"], seed=cfg["seed"]),
            batch_size=d["batch_size"], shuffle=True,
        )
        self.val_loader = DataLoader(
            SensorWindows(d["n_val"], d["seq_len"], d["n_features"], seed=cfg["seed"] + 100),
            batch_size=d["batch_size"], shuffle=False,
        )
        self.model = GRUClassifier(d["n_features"], cfg["model"]["hidden"])
        self.optimizer = build_optimizer(cfg["optimizer"], self.model.parameters())
        self.scheduler = build_scheduler(
            cfg["scheduler"],
            self.optimizer.optimizer if cfg["optimizer"].get("lookahead", False) else self.optimizer,
        )

    def train_epoch(self):
        self.model.train()
        total, n = 0.0, 0
        for x, y in self.train_loader:
            self.optimizer.zero_grad()
            loss = F.cross_entropy(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * len(y)
            n += len(y)
        self.scheduler.step()
        return total / n

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        correct, n = 0, 0
        for x, y in self.val_loader:
            correct += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return correct / n

    def fit(self):
        for epoch in range(self.cfg["train"]["epochs"]):
            loss = self.train_epoch()
            acc = self.evaluate()
            print(f"epoch {epoch} loss {loss:.4f} val_acc {acc:.3f} lr {self.scheduler.get_last_lr()[0]:.5f}")
