import torch
from torch.utils.data import TensorDataset


def mfcc_stats_dataset(n=1800, dim=52, genres=6, seed=21):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(genres, dim, generator=g) * 0.35
    y = torch.randint(0, genres, (n,), generator=g)
    x = centers[y] + torch.randn(n, dim, generator=g)
    n_tr, n_va = int(0.7 * n), int(0.15 * n)
    return (
        TensorDataset(x[:n_tr], y[:n_tr]),
        TensorDataset(x[n_tr : n_tr + n_va], y[n_tr : n_tr + n_va]),
        TensorDataset(x[n_tr + n_va :], y[n_tr + n_va :]),
    )
