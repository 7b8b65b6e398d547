import math

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, graph, cfg):
        self.cfg = cfg
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.amp_dtype = torch.float16 if self.device.type == "cuda" else torch.bfloat16
        self.model = model.to(self.device)
        self.graph = graph.to(self.device)
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.scaler = torch.amp.GradScaler(self.device.type,
                                           enabled=cfg.use_amp and self.amp_dtype == torch.float16)

    def _autocast(self):
        return torch.autocast(self.device.type, dtype=self.amp_dtype, enabled=self.cfg.use_amp)

    def train_step(self):
        g = self.graph
        self.model.train()
        self.opt.zero_grad(set_to_none=True)
        with self._autocast():
            logits = self.model(g.x, g.edge_index)
            loss = F.cross_entropy(logits[g.train_mask], g.y[g.train_mask])
        self.scaler.scale(loss).backward()
        self.scaler.unscale_(self.opt)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.opt)
        self.scaler.update()
        return loss.item()

    @torch.no_grad()
    def evaluate(self):
        g = self.graph
        self.model.eval()
        with self._autocast():
            logits = self.model(g.x, g.edge_index)
        pred = logits.argmax(-1)
        return (pred[g.val_mask] == g.y[g.val_mask]).float().mean().item()

    def fit(self):
        history = []
        for epoch in range(self.cfg.epochs):
            losses = [self.train_step() for _ in range(self.cfg.steps_per_epoch)]
            loss = sum(losses) / len(losses)
            if not math.isfinite(loss):
                raise FloatingPointError(f"non-finite loss at epoch {epoch}")
            acc = self.evaluate()
            history.append({"epoch": epoch, "loss": loss, "val_acc": acc})
            print(f"epoch {epoch}: loss={loss:.4f} val_acc={acc:.3f}")
        return history
