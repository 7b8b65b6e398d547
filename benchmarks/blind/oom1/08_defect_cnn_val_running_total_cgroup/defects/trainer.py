import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    def train_one_epoch(self, loader):
        self.model.train()
        epoch_loss = 0.0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            epoch_loss += loss.item()
        return epoch_loss / len(loader)

    def validate(self, loader):
        self.model.eval()
        val_loss, correct = 0, 0
        for x, y in loader:
            out = self.model(x)
            val_loss += self.criterion(out, y)
            correct += (out.argmax(1) == y).sum().item()
        return val_loss / len(loader), correct / len(loader.dataset)

    def fit(self, train_loader, val_loader):
        for epoch in range(self.cfg["epochs"]):
            tr = self.train_one_epoch(train_loader)
            vl, acc = self.validate(val_loader)
            print(f"epoch {epoch} train_loss {tr:.4f} val_loss {float(vl):.4f} val_acc {acc:.3f}")
