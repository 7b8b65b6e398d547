import torch


def jitter(x, sigma=0.05):
    return x + sigma * torch.randn_like(x)


def scaling(x, sigma=0.1):
    factor = 1.0 + sigma * torch.randn(x.size(0), x.size(1), 1)
    return x * factor


def two_views(x):
    return scaling(jitter(x)), scaling(jitter(x))
