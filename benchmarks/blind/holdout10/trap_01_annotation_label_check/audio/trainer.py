import json
import os

import torch
import torch.nn.functional as F


class ClipTrainer:
    def __init__(self, model, train_loader, val_loader, lr, run_dir):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.run_dir = run_dir

    def epoch(self):
        self.model.train()
        total = 0.0
        for x, y in self.train_loader:
            loss = F.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item() * len(y)
        return total / len(self.train_loader.dataset)

    @torch.no_grad()
    def accuracy(self):
        self.model.eval()
        ok = n = 0
        for x, y in self.val_loader:
            ok += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return ok / n

    def fit(self, epochs):
        os.makedirs(self.run_dir, exist_ok=True)
        log = []
        for ep in range(epochs):
            loss = self.epoch()
            acc = self.accuracy()
            log.append({"epoch": ep, "loss": loss, "val_acc": acc})
            print(f"epoch {ep}: loss {loss:.4f} val_acc {acc:.3f}")
        with open(os.path.join(self.run_dir, "log.json"), "w") as f:
            json.dump(log, f)
        torch.save(self.model.state_dict(), os.path.join(self.run_dir, "model.pt"))
