import torch
import torch.nn as nn
import torch.nn.functional as F


class VAE(nn.Module):
    def __init__(self, x_dim=144, h_dim=128, z_dim=12):
        super().__init__()
        self.z_dim = z_dim
        self.enc = nn.Sequential(nn.Linear(x_dim, h_dim), nn.ReLU())
        self.mu = nn.Linear(h_dim, z_dim)
        self.logvar = nn.Linear(h_dim, z_dim)
        self.dec = nn.Sequential(nn.Linear(z_dim, h_dim), nn.ReLU(), nn.Linear(h_dim, x_dim))

    def forward(self, x):
        h = self.enc(x)
        mu, logvar = self.mu(h), self.logvar(h)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        return self.dec(z), mu, logvar

    @torch.no_grad()
    def sample(self, n):
        z = torch.randn(n, self.z_dim, device=self.mu.weight.device)
        return torch.sigmoid(self.dec(z))


def elbo_loss(logits, x, mu, logvar):
    rec = F.binary_cross_entropy_with_logits(logits, x, reduction="sum") / x.size(0)
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp()) / x.size(0)
    return rec + kld, rec, kld
