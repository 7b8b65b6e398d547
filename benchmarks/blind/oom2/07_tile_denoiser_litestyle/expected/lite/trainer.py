"""A very small Lightning-like loop: module.training_step / validation_step / configure_optimizers."""
import os

import torch


class MiniTrainer:
    def __init__(self, max_epochs=1, log_every=1, ckpt_path=None, accumulate_grad_batches=1):
        self.max_epochs = max_epochs
        self.accumulate_grad_batches = accumulate_grad_batches
        self.log_every = log_every
        self.ckpt_path = ckpt_path
        self.global_step = 0

    def fit(self, module, train_loader, val_loader=None):
        opt, sched = module.configure_optimizers()
        for epoch in range(self.max_epochs):
            module.train()
            k = self.accumulate_grad_batches
            opt.zero_grad()
            for batch_idx, batch in enumerate(train_loader):
                loss = module.training_step(batch, batch_idx)
                (loss / k).backward()
                if (batch_idx + 1) % k != 0 and (batch_idx + 1) != len(train_loader):
                    continue
                opt.step()
                opt.zero_grad()
                self.global_step += 1
                if self.global_step % self.log_every == 0:
                    print(f"[epoch {epoch} step {self.global_step}] train_loss={loss.item():.5f}", flush=True)
            if sched is not None:
                sched.step()
            if val_loader is not None:
                module.eval()
                with torch.no_grad():
                    outs = [module.validation_step(b, i) for i, b in enumerate(val_loader)]
                print(f"[epoch {epoch}] " + module.on_validation_epoch_end(outs))
            if self.ckpt_path:
                torch.save({"state_dict": module.state_dict(), "epoch": epoch, "global_step": self.global_step},
                           self.ckpt_path)
