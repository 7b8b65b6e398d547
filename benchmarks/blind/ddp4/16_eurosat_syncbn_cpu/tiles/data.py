import torch
from torch.utils.data import TensorDataset


def make_tiles(n, tile, bands=4, classes=5, seed=0):
    g = torch.Generator().manual_seed(seed)
    signatures = torch.rand(classes, bands, generator=g)  # per-class spectral signature
    y = torch.randint(0, classes, (n,), generator=g)
    texture = torch.rand(n, 1, tile, tile, generator=g)
    x = signatures[y].view(n, bands, 1, 1) * (0.6 + 0.4 * texture) + 0.1 * torch.randn(n, bands, tile, tile, generator=g)
    return TensorDataset(x, y)
