import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(dims, dropout=0.0, last_act=True):
    layers = []
    for i, (d_in, d_out) in enumerate(zip(dims[:-1], dims[1:])):
        layers.append(nn.Linear(d_in, d_out))
        if i < len(dims) - 2 or last_act:
            layers.append(nn.SiLU())
            if dropout > 0:
                layers.append(nn.Dropout(dropout))
    return nn.Sequential(*layers)


class VAE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        enc_dims = [cfg.input_dim, *cfg.hidden_dims]
        self.encoder = mlp(enc_dims, cfg.dropout)
        self.fc_mu = nn.Linear(cfg.hidden_dims[-1], cfg.latent_dim)
        self.fc_logvar = nn.Linear(cfg.hidden_dims[-1], cfg.latent_dim)
        dec_dims = [cfg.latent_dim, *reversed(cfg.hidden_dims), cfg.input_dim]
        self.decoder = mlp(dec_dims, cfg.dropout, last_act=False)

    def encode(self, x):
        h = self.encoder(x.flatten(1))
        return self.fc_mu(h), self.fc_logvar(h)

    def reparameterize(self, mu, logvar):
        if not self.training:
            return mu
        std = torch.exp(0.5 * logvar)
        return mu + std * torch.randn_like(std)

    def decode(self, z, shape):
        return self.decoder(z).view(shape)

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = self.reparameterize(mu, logvar)
        recon_logits = self.decode(z, x.shape)
        return recon_logits, mu, logvar

    def loss(self, x, out, beta=1.0):
        recon_logits, mu, logvar = out
        rec = F.binary_cross_entropy_with_logits(recon_logits, x, reduction="sum") / x.size(0)
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp()) / x.size(0)
        return rec + beta * kl, {"rec": rec.item(), "kl": kl.item()}


class DeterministicAE(VAE):
    def reparameterize(self, mu, logvar):
        return mu

    def loss(self, x, out, beta=0.0):
        recon_logits, _, _ = out
        rec = F.binary_cross_entropy_with_logits(recon_logits, x, reduction="sum") / x.size(0)
        return rec, {"rec": rec.item(), "kl": 0.0}
