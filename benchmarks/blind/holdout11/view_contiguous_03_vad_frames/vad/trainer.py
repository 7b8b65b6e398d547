import json
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, cfg, train_set, val_set, workdir):
        self.model = model
        self.cfg = cfg
        t = cfg.train
        self.train_loader = DataLoader(train_set, batch_size=t.batch_size, shuffle=True)
        self.val_loader = DataLoader(val_set, batch_size=t.batch_size)
        self.opt = torch.optim.Adam(model.parameters(), lr=t.lr)
        self.log_path = os.path.join(workdir, t.log_dir, "metrics.jsonl")
        os.makedirs(os.path.dirname(self.log_path), exist_ok=True)

    def _step(self, feats, labels):
        logits = self.model(feats)
        target = labels.reshape(-1)
        loss = F.cross_entropy(logits, target)
        acc = (logits.argmax(-1) == target).float().mean()
        return loss, acc

    def fit(self):
        for epoch in range(self.cfg.train.epochs):
            self.model.train()
            for feats, labels in self.train_loader:
                loss, _ = self._step(feats, labels)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            metrics = {"epoch": epoch, "train_loss": loss.item(), **self.validate()}
            print(metrics)
            with open(self.log_path, "a") as f:
                f.write(json.dumps(metrics) + "\n")

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        losses, accs = [], []
        for feats, labels in self.val_loader:
            loss, acc = self._step(feats, labels)
            losses.append(loss.item())
            accs.append(acc.item())
        return {"val_loss": sum(losses) / len(losses), "val_frame_acc": sum(accs) / len(accs)}
