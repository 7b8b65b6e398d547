import torch
from torch.utils.data import Dataset


class Shapes(Dataset):
    """4 classes: horizontal bar, vertical bar, square, cross (+ noise)."""

    def __init__(self, n, size=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, 4, (n,), generator=g)
        self.x = 0.2 * torch.randn(n, 1, size, size, generator=g)
        for i, c in enumerate(self.y.tolist()):
            o = int(torch.randint(2, size - 6, (1,), generator=g))
            if c == 0:
                self.x[i, 0, o:o + 2, :] += 1
            elif c == 1:
                self.x[i, 0, :, o:o + 2] += 1
            elif c == 2:
                self.x[i, 0, o:o + 5, o:o + 5] += 1
            else:
                self.x[i, 0, o + 2, :] += 1
                self.x[i, 0, :, o + 2] += 1

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
