import json
import os

import numpy as np
import torch


def roc_auc(scores, labels):
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = labels > 0.5
    n_pos, n_neg = pos.sum(), (~pos).sum()
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    return (ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


class TabularTrainer:
    def __init__(self, model, criterion, train_loader, val_loader, optim_cfg, output_dir):
        self.model = model
        self.criterion = criterion
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.cfg = optim_cfg
        self.output_dir = output_dir
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=optim_cfg["lr"],
                                           weight_decay=optim_cfg["weight_decay"])
        self.best_auc = -1.0

    def train_epoch(self):
        self.model.train()
        losses = []
        for cat, num, y in self.train_loader:
            logits = self.model(cat, num)
            loss = self.criterion(logits, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            losses.append(loss.item())
        return float(np.mean(losses))

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        scores, labels = [], []
        for cat, num, y in self.val_loader:
            scores.append(torch.sigmoid(self.model(cat, num)).numpy())
            labels.append(y.numpy())
        return roc_auc(np.concatenate(scores), np.concatenate(labels))

    def fit(self):
        os.makedirs(self.output_dir, exist_ok=True)
        history = []
        for epoch in range(self.cfg["epochs"]):
            loss = self.train_epoch()
            auc = self.evaluate()
            history.append({"epoch": epoch, "train_loss": loss, "val_auc": auc})
            print(f"epoch {epoch:02d} train_loss={loss:.4f} val_auc={auc:.4f}")
            if auc > self.best_auc:
                self.best_auc = auc
                torch.save(self.model.state_dict(), os.path.join(self.output_dir, "best.pt"))
        with open(os.path.join(self.output_dir, "history.json"), "w") as f:
            json.dump(history, f, indent=2)
