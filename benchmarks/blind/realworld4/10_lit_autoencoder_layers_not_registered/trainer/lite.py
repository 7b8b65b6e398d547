"""A very small stand-in for pytorch_lightning (LightningModule + Trainer), enough for this project."""
import torch
import torch.nn as nn


class LightningModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.logged = {}

    def log(self, name, value):
        self.logged[name] = float(value)

    def training_step(self, batch, batch_idx):
        raise NotImplementedError

    def validation_step(self, batch, batch_idx):
        return None

    def configure_optimizers(self):
        raise NotImplementedError

    def train_dataloader(self):
        raise NotImplementedError

    def val_dataloader(self):
        return None


class Trainer(object):
    def __init__(self, max_epochs=1, log_every_n_steps=10):
        self.max_epochs = max_epochs
        self.log_every_n_steps = log_every_n_steps

    def fit(self, model):
        optimizer = model.configure_optimizers()
        train_loader = model.train_dataloader()
        val_loader = model.val_dataloader()
        step = 0
        for epoch in range(self.max_epochs):
            model.train()
            for batch_idx, batch in enumerate(train_loader):
                out = model.training_step(batch, batch_idx)
                loss = out['loss'] if isinstance(out, dict) else out
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                step += 1
                if step % self.log_every_n_steps == 0:
                    print('epoch {} step {} loss {:.5f}'.format(epoch, step, loss.item()))
            if val_loader is not None:
                model.eval()
                with torch.no_grad():
                    vals = [model.validation_step(b, i) for i, b in enumerate(val_loader)]
                vals = [v['val_loss'].item() for v in vals if v is not None]
                if vals:
                    print('epoch {} val_loss {:.5f}'.format(epoch, sum(vals) / len(vals)))
