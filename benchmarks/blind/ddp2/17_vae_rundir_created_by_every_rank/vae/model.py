import torch
import torch.nn as nn


class PointVAE(nn.Module):
    def __init__(self, d=2, hidden=64, z=2):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, 2 * z))
        self.dec = nn.Sequential(nn.Linear(z, hidden), nn.ReLU(), nn.Linear(hidden, d))

    def forward(self, x):
        mu, logvar = self.enc(x).chunk(2, -1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(z), mu, logvar


def elbo_loss(recon, x, mu, logvar, beta=0.5):
    rec = (recon - x).pow(2).sum(-1).mean()
    kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(-1).mean()
    return rec + beta * kl
