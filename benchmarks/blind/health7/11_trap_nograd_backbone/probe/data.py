import torch
from torch.utils.data import Dataset


class OrientedBars(Dataset):
    """8x8 patches containing a noisy bar; label = orientation (horizontal, vertical, diagonal, anti-diagonal)."""

    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(4, (n,), generator=g)
        x = 0.3 * torch.randn(n, 1, 8, 8, generator=g)
        off = torch.randint(-2, 3, (n,), generator=g)
        idx = torch.arange(8)
        for i in range(n):
            c, o = int(self.y[i]), int(off[i])
            if c == 0:
                x[i, 0, 3 + o, :] += 1.5
            elif c == 1:
                x[i, 0, :, 3 + o] += 1.5
            elif c == 2:
                x[i, 0, idx, (idx + o) % 8] += 1.5
            else:
                x[i, 0, idx, (7 - idx + o) % 8] += 1.5
        self.x = x

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
