import torch
from torch.utils.data import TensorDataset


def client_dataset(rank, n, in_dim, num_classes, seed=0):
    """Non-IID split: each client sees a skewed label distribution."""
    g = torch.Generator().manual_seed(seed)
    protos = torch.randn(num_classes, in_dim, generator=g)
    gc = torch.Generator().manual_seed(seed + 100 + rank)
    probs = torch.full((num_classes,), 0.1)
    probs[rank % num_classes] = 0.7
    y = torch.multinomial(probs / probs.sum(), n, replacement=True, generator=gc)
    x = protos[y] + 0.7 * torch.randn(n, in_dim, generator=gc)
    return TensorDataset(x, y)
