import torch
from torch.utils.data import TensorDataset


def make_blobs(n, in_dim=20, num_classes=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(num_classes, in_dim, generator=torch.Generator().manual_seed(1234)) * 1.2
    y = torch.randint(num_classes, (n,), generator=g)
    x = centers[y] + torch.randn(n, in_dim, generator=g) * 1.5
    return TensorDataset(x, y)
