import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from ecg.data import SyntheticBeats
from ecg.models import BeatCNN


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg.seed)
        self.train_dl = DataLoader(SyntheticBeats(cfg.n_train, cfg.seq_len, seed=1), batch_size=cfg.batch_size, shuffle=True)
        self.val_dl = DataLoader(SyntheticBeats(cfg.n_val, cfg.seq_len, seed=2), batch_size=256)
        self.model = BeatCNN()
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.amp_dtype = getattr(torch, cfg.amp.dtype)
        self.scaler = torch.amp.GradScaler("cpu", enabled=cfg.amp.enabled and self.amp_dtype == torch.float16)

    def autocast(self):
        return torch.autocast("cpu", dtype=self.amp_dtype, enabled=self.cfg.amp.enabled)

    def backward(self, loss):
        # bf16 has the fp32 exponent range, so only fp16 needs loss scaling
        if self.amp_dtype == torch.float16:
            self.scaler.scale(loss).backward()
        else:
            loss.backward()

    def optimizer_step(self):
        self.scaler.unscale_(self.opt)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.grad_clip)
        self.scaler.step(self.opt)
        self.scaler.update()
        self.opt.zero_grad(set_to_none=True)

    def train_epoch(self):
        self.model.train()
        for x, y in self.train_dl:
            with self.autocast():
                loss = F.cross_entropy(self.model(x), y)
            self.backward(loss)
            self.optimizer_step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        correct = 0
        for x, y in self.val_dl:
            with self.autocast():
                correct += (self.model(x).argmax(1) == y).sum().item()
        return correct / len(self.val_dl.dataset)

    def fit(self):
        for ep in range(self.cfg.epochs):
            t0 = time.time()
            loss = self.train_epoch()
            acc = self.evaluate()
            print(f"epoch {ep}: loss {loss:.3f} val acc {acc:.3f} ({time.time() - t0:.1f}s)")
