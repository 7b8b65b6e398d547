import contextlib
import time

import torch


class MiniTrainer:
    def __init__(self, max_epochs=1, precision="32", log_every=20):
        self.max_epochs = max_epochs
        self.precision = precision
        self.log_every = log_every
        self.global_step = 0

    def _autocast(self):
        if self.precision == "bf16-mixed":
            return torch.autocast("cpu", dtype=torch.bfloat16)
        return contextlib.nullcontext()

    def fit(self, module, train_dl, val_dl=None):
        opt = module.configure_optimizers()
        module.trainer = self
        for epoch in range(self.max_epochs):
            self.current_epoch = epoch
            t0 = time.time()
            module.train()
            for batch_idx, batch in enumerate(train_dl):
                with self._autocast():
                    loss = module.training_step(batch, batch_idx)
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
                self.global_step += 1
                if self.global_step % self.log_every == 0:
                    print(f"  step {self.global_step}: loss {loss.item():.4f}")
            if val_dl is not None:
                module.eval()
                module.on_validation_epoch_start()
                with torch.no_grad():
                    for batch_idx, batch in enumerate(val_dl):
                        with self._autocast():
                            module.validation_step(batch, batch_idx)
                metrics = module.on_validation_epoch_end()
                shown = "  ".join(f"{k}={v:.3f}" for k, v in metrics.items())
                print(f"epoch {epoch} ({time.time() - t0:.1f}s): {shown}")
