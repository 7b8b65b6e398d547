"""Tiny Lightning-style loop: LitModule hooks + a fit() that drives them."""
import math
import time

import torch


class LitModule(torch.nn.Module):
    def training_step(self, batch, batch_idx):
        raise NotImplementedError

    def validation_step(self, batch, batch_idx):
        raise NotImplementedError

    def configure_optimizers(self, steps_per_epoch):
        raise NotImplementedError

    def on_validation_epoch_end(self, outputs):
        pass


def fit(module, train_loader, val_loader, max_epochs, gradient_clip_val=None, log_every_n_steps=4,
        accumulate_grad_batches=1):
    steps_per_epoch = math.ceil(len(train_loader) / accumulate_grad_batches)
    opt_cfg = module.configure_optimizers(steps_per_epoch=steps_per_epoch)
    optimizer, sched = opt_cfg["optimizer"], opt_cfg.get("lr_scheduler")
    global_step = 0
    for epoch in range(max_epochs):
        module.train()
        t0 = time.time()
        optimizer.zero_grad()
        for batch_idx, batch in enumerate(train_loader):
            loss = module.training_step(batch, batch_idx)
            (loss / accumulate_grad_batches).backward()
            if (batch_idx + 1) % accumulate_grad_batches != 0 and batch_idx + 1 != len(train_loader):
                continue
            if gradient_clip_val:
                torch.nn.utils.clip_grad_norm_(module.parameters(), gradient_clip_val)
            optimizer.step()
            optimizer.zero_grad()
            if sched is not None and sched["interval"] == "step":
                sched["scheduler"].step()
            global_step += 1
            if global_step % log_every_n_steps == 0:
                print(f"epoch {epoch} step {global_step} train_loss {loss.item():.4f}")
        if sched is not None and sched["interval"] == "epoch":
            sched["scheduler"].step()
        module.eval()
        with torch.no_grad():
            outs = [module.validation_step(b, i) for i, b in enumerate(val_loader)]
        module.on_validation_epoch_end(outs)
        print(f"epoch {epoch} finished in {time.time() - t0:.1f}s")
