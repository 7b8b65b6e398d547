import torch.nn as nn


class LitModule(nn.Module):
    """Tiny stand-in for pl.LightningModule: subclasses implement shared_step()."""

    def shared_step(self, batch):
        raise NotImplementedError

    def configure_optimizers(self):
        raise NotImplementedError
