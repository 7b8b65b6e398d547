"""A very small Lightning-style training loop used by the lab's experiments."""
import torch
import torch.nn as nn


class LightningModule(nn.Module):
    def log(self, name, value):
        self._logged = getattr(self, "_logged", {})
        self._logged[name] = float(value)

    def training_step(self, batch, batch_idx):
        raise NotImplementedError

    def validation_step(self, batch, batch_idx):
        pass

    def configure_optimizers(self):
        raise NotImplementedError

    def train_dataloader(self):
        raise NotImplementedError

    def val_dataloader(self):
        return None


class Trainer:
    def __init__(self, max_epochs=1, log_every_n_steps=50):
        self.max_epochs = max_epochs
        self.log_every_n_steps = log_every_n_steps

    def fit(self, module: LightningModule):
        optimizer = module.configure_optimizers()
        train_loader = module.train_dataloader()
        val_loader = module.val_dataloader()
        for epoch in range(self.max_epochs):
            module.train()
            for batch_idx, batch in enumerate(train_loader):
                loss = module.training_step(batch, batch_idx)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            if val_loader is not None:
                module.eval()
                with torch.no_grad():
                    for batch_idx, batch in enumerate(val_loader):
                        module.validation_step(batch, batch_idx)
            print(f"epoch {epoch}: " + "  ".join(f"{k}={v:.4f}" for k, v in module._logged.items()))
