import torch


def paired_views(n, dim, seed):
    """Query/document feature pairs: both are noisy projections of a shared latent."""
    g = torch.Generator().manual_seed(seed)
    z = torch.randn(n, 32, generator=g)
    a = torch.randn(32, dim, generator=g)
    b = torch.randn(32, dim, generator=g)
    q = z @ a + 0.5 * torch.randn(n, dim, generator=g)
    d = z @ b + 0.5 * torch.randn(n, dim, generator=g)
    return q, d
