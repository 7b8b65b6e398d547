import torch
from torch.utils.data import DataLoader, TensorDataset


def polynomial_regression(n=8192, batch_size=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.rand(n, 4, generator=g) * 2 - 1
    y = x[:, :1] ** 2 - x[:, 1:2] * x[:, 2:3] + 0.5 * torch.sin(3 * x[:, 3:4]) + 0.05 * torch.randn(n, 1, generator=g)
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)
