import copy
import math

import torch
import torch.nn.functional as F


class LMTrainer:
    def __init__(self, model, corpus, cfg):
        self.cfg = cfg
        self.corpus = corpus
        self.device_type = "cuda" if torch.cuda.is_available() else "cpu"
        self.model = model.to(self.device_type)
        self.ema = copy.deepcopy(self.model).requires_grad_(False)
        decay, no_decay = [], []
        for n, p in self.model.named_parameters():
            (decay if p.dim() >= 2 else no_decay).append(p)
        self.opt = torch.optim.AdamW([{"params": decay, "weight_decay": cfg.weight_decay},
                                      {"params": no_decay, "weight_decay": 0.0}], lr=cfg.lr)
        self.amp_dtype = torch.bfloat16
        if self.device_type == "cuda" and not torch.cuda.is_bf16_supported():
            self.amp_dtype = torch.float16
        # loss scaling is only needed for fp16; bf16 has the exponent range of fp32
        self.scaler = torch.amp.GradScaler(self.device_type, enabled=cfg.amp and self.amp_dtype == torch.float16)

    def _loss(self, model, x, y):
        with torch.autocast(self.device_type, dtype=self.amp_dtype, enabled=self.cfg.amp):
            logits = model(x)
        return F.cross_entropy(logits.float().view(-1, logits.size(-1)), y.view(-1))

    @torch.no_grad()
    def _update_ema(self):
        for pe, pm in zip(self.ema.parameters(), self.model.parameters()):
            pe.lerp_(pm, 1.0 - self.cfg.ema_decay)

    @torch.no_grad()
    def evaluate(self, model, batches=4):
        model.eval()
        losses = []
        for _ in range(batches):
            x, y = self.corpus.batch(self.cfg.batch_size, "val")
            losses.append(self._loss(model, x.to(self.device_type), y.to(self.device_type)).item())
        return sum(losses) / len(losses)

    def train(self):
        for epoch in range(self.cfg.epochs):
            self.model.train()
            total = 0.0
            for _ in range(self.cfg.steps_per_epoch):
                x, y = self.corpus.batch(self.cfg.batch_size)
                loss = self._loss(self.model, x.to(self.device_type), y.to(self.device_type))
                self.opt.zero_grad(set_to_none=True)
                self.scaler.scale(loss).backward()
                self.scaler.unscale_(self.opt)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.grad_clip)
                self.scaler.step(self.opt)
                self.scaler.update()
                self._update_ema()
                total += loss.item()
            train_loss = total / self.cfg.steps_per_epoch
            if not math.isfinite(train_loss):
                raise FloatingPointError("loss diverged")
            val = self.evaluate(self.model)
            val_ema = self.evaluate(self.ema)
            print(f"epoch {epoch}: train loss={train_loss:.4f} val loss={val:.4f} ema val loss={val_ema:.4f} "
                  f"ppl={math.exp(val):.2f}")
