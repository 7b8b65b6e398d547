import torch
from torch.utils.data import TensorDataset


def make_digits(n=400, seed=0):
    """8x8 synthetic 'digit' images: each class is a fixed random stroke pattern plus noise."""
    g = torch.Generator().manual_seed(seed)
    templates = (torch.rand(10, 1, 8, 8, generator=g) > 0.6).float()
    y = torch.randint(0, 10, (n,), generator=g)
    x = templates[y] + 0.35 * torch.randn(n, 1, 8, 8, generator=g)
    return TensorDataset(x, y)
