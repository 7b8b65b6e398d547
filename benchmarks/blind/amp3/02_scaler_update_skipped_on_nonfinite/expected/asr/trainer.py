import logging

import numpy as np
import torch
import torch.nn.functional as F

from asr.data import batches


class Trainer:
    def __init__(self, model, optimizer, conf, utts):
        self.model = model
        self.optimizer = optimizer
        self.conf = conf
        self.utts = utts
        self.use_amp = conf["use_amp"]
        self.scaler = torch.amp.GradScaler("cpu", enabled=self.use_amp)
        self.rng = np.random.default_rng(0)
        self.n_skipped = 0

    def train_one_epoch(self, epoch):
        self.model.train()
        for it, (x, y) in enumerate(batches(self.utts, self.conf["batch_size"], self.rng)):
            with torch.autocast("cpu", dtype=torch.float16, enabled=self.use_amp):
                logits = self.model(x)
                loss = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=-100)

            self.scaler.scale(loss).backward()
            self.scaler.unscale_(self.optimizer)
            grad_norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.conf["grad_clip"])

            if not torch.isfinite(grad_norm):
                logging.warning(f"epoch {epoch} iter {it}: grad norm is {grad_norm}, skipping update")
                self.n_skipped += 1
                self.scaler.update()
                self.optimizer.zero_grad()
                continue

            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.optimizer.zero_grad()
            if it % self.conf["log_interval"] == 0:
                logging.info(f"epoch {epoch} iter {it}: loss {loss.item():.4f} scale {self.scaler.get_scale():.0f}")

    def run(self):
        for epoch in range(1, self.conf["max_epoch"] + 1):
            self.train_one_epoch(epoch)
        logging.info(f"finished, {self.n_skipped} steps skipped")
