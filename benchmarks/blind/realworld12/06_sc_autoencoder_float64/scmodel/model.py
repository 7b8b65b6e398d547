import torch
import torch.nn as nn
import torch.nn.functional as F


class CondVAE(nn.Module):
    def __init__(self, n_genes, n_batches, latent_dim=10, hidden=64):
        super().__init__()
        self.n_batches = n_batches
        self.encoder = nn.Sequential(nn.Linear(n_genes + n_batches, hidden), nn.ReLU())
        self.mu = nn.Linear(hidden, latent_dim)
        self.logvar = nn.Linear(hidden, latent_dim)
        self.decoder = nn.Sequential(nn.Linear(latent_dim + n_batches, hidden), nn.ReLU(),
                                     nn.Linear(hidden, n_genes))

    def forward(self, x, batch):
        b = F.one_hot(batch, self.n_batches).to(x.dtype)
        h = self.encoder(torch.cat([x, b], dim=1))
        mu, logvar = self.mu(h), self.logvar(h)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        recon = self.decoder(torch.cat([z, b], dim=1))
        return recon, mu, logvar

    def loss(self, x, batch, kl_weight=0.1):
        recon, mu, logvar = self(x, batch)
        rec = F.mse_loss(recon, x)
        kl = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1))
        return rec + kl_weight * kl
