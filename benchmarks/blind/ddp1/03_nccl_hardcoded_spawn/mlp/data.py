import torch


def synthetic_regression(n=2048, dim=12, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    w = torch.randn(dim, 1, generator=g)
    y = torch.tanh(x @ w) + 0.1 * x[:, :1] ** 2 + 0.05 * torch.randn(n, 1, generator=g)
    return x, y


def shard(x, y, rank, world_size):
    return x[rank::world_size], y[rank::world_size]
