import json
import os

import torch
import torch.nn as nn


def roc_auc(scores, labels):
    order = torch.argsort(scores)
    ranks = torch.empty_like(order, dtype=torch.float32)
    ranks[order] = torch.arange(1, len(scores) + 1, dtype=torch.float32)
    pos = labels == 1
    n_pos, n_neg = pos.sum().item(), (~pos).sum().item()
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    return ((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)).item()


class ChurnTrainer:
    def __init__(self, model, cfg, workdir):
        t = cfg["training"]
        self.model = model
        self.epochs = t["epochs"]
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=t["lr"], weight_decay=t["weight_decay"])
        self.criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(t["pos_weight"]))
        self.out_dir = os.path.join(workdir, cfg["output_dir"], cfg["run_name"])
        os.makedirs(self.out_dir, exist_ok=True)

    def train_epoch(self, loader):
        self.model.train()
        total = 0.0
        for x_cat, x_num, y in loader:
            loss = self.criterion(self.model(x_cat, x_num), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item() * y.size(0)
        return total / len(loader.dataset)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        scores, labels = [], []
        for x_cat, x_num, y in loader:
            scores.append(self.model(x_cat, x_num))
            labels.append(y)
        scores, labels = torch.cat(scores), torch.cat(labels)
        acc = ((scores > 0).float() == labels).float().mean().item()
        return {"val_auc": roc_auc(scores, labels), "val_acc": acc}

    def fit(self, train_loader, val_loader):
        log = []
        for epoch in range(1, self.epochs + 1):
            rec = {"epoch": epoch, "train_loss": self.train_epoch(train_loader), **self.evaluate(val_loader)}
            print(json.dumps(rec))
            log.append(rec)
        torch.save(self.model.state_dict(), os.path.join(self.out_dir, "model.pt"))
        with open(os.path.join(self.out_dir, "metrics.json"), "w") as f:
            json.dump(log, f, indent=2)
