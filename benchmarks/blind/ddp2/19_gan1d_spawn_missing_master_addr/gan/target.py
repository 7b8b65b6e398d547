import torch


def sample_mixture(n, g):
    comp = torch.randint(0, 2, (n, 1), generator=g)
    return torch.where(comp == 0, -2.0, 2.0) + 0.4 * torch.randn(n, 1, generator=g)
