import torch
from torch.optim.lr_scheduler import LambdaLR


def build_scheduler(optimizer, cfg):
    warmup = cfg["warmup"]
    return LambdaLR(optimizer, lambda s: min(1.0, s / warmup))


class Trainer:
    def __init__(self, model, loss_fn, opt_cfg, sched_cfg, epochs):
        self.model, self.loss_fn, self.epochs = model, loss_fn, epochs
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=opt_cfg["lr"],
                                           weight_decay=opt_cfg["weight_decay"])
        self.scheduler = build_scheduler(self.optimizer, sched_cfg)
        self.interval = sched_cfg.get("interval", "epoch")

    def fit(self, batches):
        for epoch in range(self.epochs):
            self.model.train()
            tot = 0.0
            for x, y in batches():
                loss = self.loss_fn(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                if self.interval == "step":
                    self.scheduler.step()
                tot += loss.item()
            if self.interval == "epoch":
                self.scheduler.step()
            print(f"epoch {epoch} | loss {tot / 20:.4f} | lr {self.optimizer.param_groups[0]['lr']:.2e}")
