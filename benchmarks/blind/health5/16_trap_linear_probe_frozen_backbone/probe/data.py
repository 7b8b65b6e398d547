import torch
from torch.utils.data import TensorDataset


def textures(n=1024, size=16, n_classes=4, seed=0):
    """Oriented stripe textures (0/45/90/135 degrees) with colour jitter."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n,), generator=g)
    r = torch.arange(size).float()
    yy, xx = torch.meshgrid(r, r, indexing="ij")
    dirs = [xx, xx + yy, yy, xx - yy]
    base = torch.stack([torch.sin(1.3 * d) for d in dirs])      # (4, H, W)
    img = base[y].unsqueeze(1) * (0.5 + torch.rand(n, 3, 1, 1, generator=g))
    return TensorDataset(img + 0.3 * torch.randn(n, 3, size, size, generator=g), y)
