import torch
import torch.nn as nn
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, cfg, model, train_set, val_set):
        self.cfg = cfg
        self.model = model
        self.train_loader = DataLoader(train_set, batch_size=cfg["optim"]["batch_size"], shuffle=True)
        self.val_loader = DataLoader(val_set, batch_size=cfg["optim"]["batch_size"])
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"])
        weights = cfg["loss"].get("class_weights")
        self.criterion = nn.NLLLoss(weight=torch.tensor(weights) if weights is not None else None)

    def train_epoch(self):
        self.model.train()
        total = 0.0
        for x, y in self.train_loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total / len(self.train_loader)

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        hits = n = 0
        for x, y in self.val_loader:
            hits += (self.model(x).argmax(-1) == y).sum().item()
            n += len(y)
        return hits / n

    def fit(self):
        for epoch in range(1, self.cfg["optim"]["epochs"] + 1):
            loss = self.train_epoch()
            print(f"[{self.cfg['experiment']}] epoch {epoch} loss={loss:.4f} val_acc={self.validate():.3f}")
