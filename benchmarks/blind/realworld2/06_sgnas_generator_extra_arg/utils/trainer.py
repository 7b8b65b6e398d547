import time

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, supernet, generator, g_optimizer, w_optimizer, args):
        self.supernet = supernet
        self.generator = generator
        self.g_optimizer = g_optimizer
        self.w_optimizer = w_optimizer
        self.criterion = nn.CrossEntropyLoss()
        self.args = args
        self.hc_weight = args.hc_weight

    def _sample_hc(self):
        hc = torch.empty(1).uniform_(self.args.low_flops, self.args.high_flops)
        normalize_hardware_constraint = (hc - self.args.low_flops) / (self.args.high_flops - self.args.low_flops)
        return hc, normalize_hardware_constraint

    def search_train_loop(self, train_loader, val_loader, prior):
        for epoch in range(self.args.epochs):
            start = time.time()
            self._training_step(train_loader, val_loader, prior)
            print(f"epoch {epoch} done in {time.time() - start:.1f}s")

    def _training_step(self, train_loader, val_loader, prior):
        self.supernet.train()
        for step, ((X, y), (X_val, y_val)) in enumerate(zip(train_loader, val_loader)):
            # ---- train supernet weights with the architecture the generator proposes ----
            hc, normalize_hardware_constraint = self._sample_hc()
            noise = torch.randn(*prior.shape)
            arch_param = self.generator(prior, normalize_hardware_constraint, noise)

            self.w_optimizer.zero_grad()
            loss = self.criterion(self.supernet(X, arch_param.detach()), y)
            loss.backward()
            self.w_optimizer.step()

            # ---- train generator on validation data + hardware constraint ----
            hc, normalize_hardware_constraint = self._sample_hc()
            arch_param = self.generator(prior, normalize_hardware_constraint)
            self.g_optimizer.zero_grad()
            ce = self.criterion(self.supernet(X_val, arch_param), y_val)
            flops = self.supernet.flops(arch_param)
            hc_loss = (flops - hc).abs().mean() * self.hc_weight
            (ce + hc_loss).backward()
            self.g_optimizer.step()
            if step % 5 == 0:
                print(f"step {step} ce {ce.item():.3f} flops {flops.item():.2f} target {hc.item():.2f}")
