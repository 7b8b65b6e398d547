import math

import torch
import torch.nn as nn


def ring_mixture(n, modes=8, radius=2.0, std=0.1, seed=0):
    g = torch.Generator().manual_seed(seed)
    k = torch.randint(0, modes, (n,), generator=g).float()
    ang = 2 * math.pi * k / modes
    centers = torch.stack([radius * torch.cos(ang), radius * torch.sin(ang)], 1)
    return centers + std * torch.randn(n, 2, generator=g)


class VAE(nn.Module):
    def __init__(self, x_dim=2, z_dim=2, hidden=64):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(x_dim, hidden), nn.Tanh(), nn.Linear(hidden, 2 * z_dim))
        self.dec = nn.Sequential(nn.Linear(z_dim, hidden), nn.Tanh(), nn.Linear(hidden, x_dim))

    def forward(self, x):
        mu, logvar = self.enc(x).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(z), mu, logvar


def elbo_loss(x, recon, mu, logvar, beta=1.0):
    rec = ((recon - x) ** 2).sum(-1).mean()
    kl = (-0.5 * (1 + logvar - mu ** 2 - logvar.exp()).sum(-1)).mean()
    return rec + beta * kl
