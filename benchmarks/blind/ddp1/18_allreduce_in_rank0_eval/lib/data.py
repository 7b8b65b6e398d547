import torch


def iris_like(n, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.tensor([[5.0, 3.4, 1.5, 0.2], [5.9, 2.8, 4.3, 1.3], [6.6, 3.0, 5.6, 2.0]])
    y = torch.randint(0, 3, (n,), generator=g)
    x = centers[y] + 0.35 * torch.randn(n, 4, generator=g)
    return (x - 4.5) / 1.5, y
