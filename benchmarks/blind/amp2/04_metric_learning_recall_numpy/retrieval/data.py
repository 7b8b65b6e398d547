import torch
from torch.utils.data import DataLoader, TensorDataset


def _make_split(n_per_class, centers, g, noise=1.0):
    xs, ys = [], []
    for c, mu in enumerate(centers):
        xs.append(mu + noise * torch.randn(n_per_class, mu.numel(), generator=g))
        ys.append(torch.full((n_per_class,), c))
    return torch.cat(xs), torch.cat(ys)


def make_dataloaders(n_classes=20, dim=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(n_classes, dim, generator=g) * 1.5
    xtr, ytr = _make_split(40, centers, g)
    xva, yva = _make_split(15, centers, g)
    return (DataLoader(TensorDataset(xtr, ytr), batch_size=64, shuffle=True),
            DataLoader(TensorDataset(xva, yva), batch_size=100))
