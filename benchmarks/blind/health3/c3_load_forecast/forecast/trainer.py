import math
import time

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.criterion = nn.SmoothL1Loss(beta=0.1)
        self.optimizer = torch.optim.AdamW(
            model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"]
        )
        self.scheduler = None
        self.global_step = 0

    def _build_scheduler(self, steps_per_epoch):
        total = max(1, self.cfg["epochs"] * steps_per_epoch)
        warmup = min(self.cfg["warmup_steps"], total // 2)

        def lr_lambda(step):
            if step < warmup:
                return (step + 1) / warmup
            progress = (step - warmup) / max(1, total - warmup)
            return 0.5 * (1.0 + math.cos(math.pi * progress))

        return torch.optim.lr_scheduler.LambdaLR(self.optimizer, lr_lambda)

    def train_step(self, x, y):
        pred = self.model(x)
        loss = self.criterion(pred, y)
        loss.backward()
        self.optimizer.zero_grad()
        if self.cfg["grad_clip"]:
            nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg["grad_clip"])
        self.optimizer.step()
        self.scheduler.step()
        self.global_step += 1
        return loss.detach()

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        tot, n = 0.0, 0
        for x, y in loader:
            pred = self.model(x)
            tot += (pred - y).abs().mean(dim=1).sum().item()
            n += y.shape[0]
        return tot / n

    def fit(self, train_loader, val_loader):
        self.scheduler = self._build_scheduler(len(train_loader))
        for epoch in range(self.cfg["epochs"]):
            self.model.train()
            t0 = time.time()
            losses = []
            for x, y in train_loader:
                losses.append(self.train_step(x, y))
            train_loss = torch.stack(losses).mean().item()
            val_mae = self.validate(val_loader)
            lr = self.scheduler.get_last_lr()[0]
            print(
                f"epoch {epoch + 1:3d} | loss {train_loss:.5f} | val_mae {val_mae:.4f} "
                f"| lr {lr:.2e} | {time.time() - t0:.1f}s"
            )
