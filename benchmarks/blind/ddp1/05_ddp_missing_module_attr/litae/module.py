import torch
import torch.nn.functional as F

from .nets import AutoEncoder


class LitAutoEncoder:
    """Lightning-style container: owns the network, defines steps and optimizers."""

    def __init__(self, in_dim=32, latent=4, lr=1e-3):
        self.net = AutoEncoder(in_dim, latent)
        self.lr = lr

    def configure_optimizers(self):
        return torch.optim.Adam(self.net.parameters(), lr=self.lr)

    def training_step(self, batch):
        (x,) = batch
        return F.mse_loss(self.net(x), x)

    @torch.no_grad()
    def validation_step(self, batch):
        (x,) = batch
        z = self.net.encode(x)
        recon = F.mse_loss(self.net(x), x)
        return {"val_loss": recon, "latent_std": z.std(0).mean()}
