import torch
from torch.utils.data import TensorDataset


def make_churn_table(n_rows, n_features, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n_rows, n_features, generator=g)
    w = torch.randn(n_features, generator=g)
    logits = x @ w * 0.5 + 0.2 * torch.randn(n_rows, generator=g)
    y = (logits > 0).float()
    return TensorDataset(x, y)
