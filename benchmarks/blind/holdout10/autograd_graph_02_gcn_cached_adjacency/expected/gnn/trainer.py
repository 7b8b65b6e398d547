import json
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class NodeClassificationTrainer:
    def __init__(self, model, features, labels, train_idx, val_idx, cfg, out_dir):
        self.model = model
        self.features = features
        self.labels = labels
        self.val_idx = val_idx
        self.cfg = cfg
        self.out_dir = out_dir
        self.loader = DataLoader(TensorDataset(train_idx), batch_size=cfg["batch_size"], shuffle=True)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"],
                                          weight_decay=cfg["weight_decay"])
        self.log = []

    def train_step(self, idx):
        self.model.train()
        self.optimizer.zero_grad()
        logits = self.model(self.features)
        loss = F.cross_entropy(logits[idx], self.labels[idx])
        loss.backward()
        self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        logits = self.model(self.features)
        pred = logits[self.val_idx].argmax(1)
        return (pred == self.labels[self.val_idx]).float().mean().item()

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            losses = [self.train_step(idx) for (idx,) in self.loader]
            acc = self.evaluate()
            rec = {"epoch": epoch, "loss": sum(losses) / len(losses), "val_acc": acc}
            self.log.append(rec)
            print(json.dumps(rec))
        os.makedirs(self.out_dir, exist_ok=True)
        with open(os.path.join(self.out_dir, "log.json"), "w") as f:
            json.dump(self.log, f, indent=1)
        torch.save(self.model.state_dict(), os.path.join(self.out_dir, "gcn.pt"))
