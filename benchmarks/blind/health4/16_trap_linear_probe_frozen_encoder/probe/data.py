import torch
from torch.utils.data import DataLoader, TensorDataset


def glyph_loader(n=1200, size=16, batch_size=64, seed=0):
    """Four glyph classes: horizontal bar, vertical bar, diagonal, cross (+ noise, random offset)."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 4, (n,), generator=g)
    x = 0.3 * torch.randn(n, 1, size, size, generator=g)
    idx = torch.arange(size)
    for i, k in enumerate(y.tolist()):
        o = int(torch.randint(4, size - 4, (1,), generator=g))
        if k in (0, 3):
            x[i, 0, o, :] += 1.0
        if k in (1, 3):
            x[i, 0, :, o] += 1.0
        if k == 2:
            x[i, 0, idx, idx] += 1.0
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)
