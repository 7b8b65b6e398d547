import math

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from seqcls.data import MotifDataset
from seqcls.models.encoder import SeqClassifier


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        d, m, t = cfg["data"], cfg["model"], cfg["train"]
        torch.manual_seed(t["seed"])
        self.train_loader = DataLoader(
            MotifDataset(d["num_train"], d["seq_len"], d["vocab_size"], seed=1),
            batch_size=t["batch_size"], shuffle=True, drop_last=False)
        self.val_loader = DataLoader(
            MotifDataset(d["num_val"], d["seq_len"], d["vocab_size"], seed=2), batch_size=16)
        self.model = SeqClassifier(d["vocab_size"], d["seq_len"], m["d_model"], m["n_heads"],
                                   m["n_layers"], m["dropout"])
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=t["max_lr"],
                                     weight_decay=t["weight_decay"])
        self.accum_steps = t.get("accum_steps", 1)
        steps_per_epoch = math.ceil(len(self.train_loader) / self.accum_steps)
        self.sched = torch.optim.lr_scheduler.OneCycleLR(
            self.opt, max_lr=t["max_lr"], total_steps=t["epochs"] * steps_per_epoch)

    def train_epoch(self, epoch):
        self.model.train()
        total, n = 0.0, 0
        self.opt.zero_grad(set_to_none=True)
        for i, (tokens, labels) in enumerate(self.train_loader):
            logits = self.model(tokens)
            loss = F.cross_entropy(logits, labels)
            (loss / self.accum_steps).backward()
            if (i + 1) % self.accum_steps == 0 or (i + 1) == len(self.train_loader):
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.opt.step()
                self.sched.step()
                self.opt.zero_grad(set_to_none=True)
            total += loss.item() * labels.size(0)
            n += labels.size(0)
        return total / n

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        correct = 0
        for tokens, labels in self.val_loader:
            correct += (self.model(tokens).argmax(-1) == labels).sum().item()
        return correct / len(self.val_loader.dataset)

    def fit(self):
        for epoch in range(self.cfg["train"]["epochs"]):
            loss = self.train_epoch(epoch)
            acc = self.validate()
            print(f"epoch {epoch}: train_loss={loss:.4f} val_acc={acc:.3f} "
                  f"lr={self.sched.get_last_lr()[0]:.2e}")
