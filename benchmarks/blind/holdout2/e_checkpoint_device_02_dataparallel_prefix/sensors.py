import torch
from torch.utils.data import TensorDataset


def sensor_features(n, seed, labelled=False):
    """20-d summary features of machine-vibration windows; 3 machine states when labelled."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 3, (n,), generator=g)
    centers = torch.randn(3, 20, generator=torch.Generator().manual_seed(123)) * 1.5
    x = centers[y] + torch.randn(n, 20, generator=g)
    return TensorDataset(x, y) if labelled else TensorDataset(x)
