import json
import os

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, train_loader, val_loader, cfg):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.cfg = cfg
        self.optim = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        total = cfg.epochs * len(train_loader)
        self.sched = torch.optim.lr_scheduler.OneCycleLR(self.optim, max_lr=cfg.lr, total_steps=total)
        self.metrics = []

    def _run_batch(self, tokens, labels):
        logits = self.model(tokens)
        loss = F.cross_entropy(logits, labels, label_smoothing=self.cfg.label_smoothing)
        self.optim.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.grad_clip)
        self.optim.step()
        self.sched.step()
        return loss.item(), (logits.argmax(-1) == labels).float().mean().item()

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        correct = n = 0
        for tokens, labels in self.val_loader:
            correct += (self.model(tokens).argmax(-1) == labels).sum().item()
            n += labels.numel()
        return correct / n

    def train(self):
        for epoch in range(self.cfg.epochs):
            self.model.train()
            stats = [self._run_batch(t, y) for t, y in self.train_loader]
            loss = sum(s[0] for s in stats) / len(stats)
            acc = sum(s[1] for s in stats) / len(stats)
            val = self.validate()
            self.metrics.append({"epoch": epoch, "loss": loss, "train_acc": acc, "val_acc": val})
            print(f"epoch {epoch}: loss={loss:.4f} train_acc={acc:.3f} val_acc={val:.3f}")
        os.makedirs(self.cfg.out_dir, exist_ok=True)
        with open(os.path.join(self.cfg.out_dir, "metrics.json"), "w") as f:
            json.dump(self.metrics, f, indent=2)
