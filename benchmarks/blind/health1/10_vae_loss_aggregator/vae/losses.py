import torch
import torch.nn.functional as F


def reconstruction_loss(recon, x):
    return F.mse_loss(recon, x, reduction="sum") / x.size(0)


def kl_divergence(mu, logvar):
    return -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp()) / mu.size(0)


class WeightedLoss:
    def __init__(self, weights):
        self.weights = dict(weights)

    def __call__(self, terms):
        logs = {name: value.item() for name, value in terms.items()}
        total = sum(self.weights[name] * logs[name] for name in terms)
        return torch.tensor(total, requires_grad=True), logs
