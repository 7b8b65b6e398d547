import torch


def paired_views(n, dim, seed, noise=0.3):
    g = torch.Generator().manual_seed(seed)
    base = torch.randn(n, dim, generator=g)
    return (base + noise * torch.randn(n, dim, generator=g),
            base + noise * torch.randn(n, dim, generator=g))
