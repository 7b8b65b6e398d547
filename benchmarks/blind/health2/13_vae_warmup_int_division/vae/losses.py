import torch
import torch.nn.functional as F


def elbo_loss(recon, x, mu, logvar, beta=1.0):
    rec = F.mse_loss(recon, x, reduction="sum") / x.size(0)
    kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp()) / x.size(0)
    return rec + beta * kl, rec, kl
