import math
import torch
from torch.utils.data import DataLoader, TensorDataset


def two_spirals(n=2000, batch_size=32, noise=0.15, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.sqrt(torch.rand(n // 2, generator=g)) * 3 * math.pi
    a = torch.stack([t * torch.cos(t), t * torch.sin(t)], 1) / (3 * math.pi)
    x = torch.cat([a, -a]) + noise / 3 * torch.randn(n, 2, generator=g) / math.pi
    y = torch.cat([torch.zeros(n // 2), torch.ones(n // 2)]).long()
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)
