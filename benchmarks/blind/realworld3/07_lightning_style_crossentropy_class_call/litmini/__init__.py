"""A very small hand-rolled imitation of the LightningModule / Trainer split."""
import torch


class LightningModule(torch.nn.Module):
    def training_step(self, batch, batch_idx):
        raise NotImplementedError

    def validation_step(self, batch, batch_idx):
        return None

    def validation_end(self, outputs):
        return {}

    def configure_optimizers(self):
        raise NotImplementedError

    def train_dataloader(self):
        raise NotImplementedError

    def val_dataloader(self):
        return None


class Trainer:
    def __init__(self, max_nb_epochs=1, log_every=20):
        self.max_nb_epochs = max_nb_epochs
        self.log_every = log_every

    def fit(self, model):
        optimizer = model.configure_optimizers()
        for epoch in range(self.max_nb_epochs):
            model.train()
            for batch_idx, batch in enumerate(model.train_dataloader()):
                output = model.training_step(batch, batch_idx)
                loss = output["loss"]
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                if batch_idx % self.log_every == 0:
                    print(f"epoch {epoch} batch {batch_idx} loss {loss.item():.4f}")
            val = model.val_dataloader()
            if val is not None:
                model.eval()
                with torch.no_grad():
                    outs = [model.validation_step(b, i) for i, b in enumerate(val)]
                print(f"epoch {epoch}", model.validation_end(outs))
