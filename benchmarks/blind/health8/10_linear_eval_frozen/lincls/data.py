import torch
from torch.utils.data import Dataset


class Glyphs(Dataset):
    """16x16 grey images of 5 simple shapes at random offsets, plus noise."""

    def __init__(self, n, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.zeros(n, 1, 16, 16)
        self.y = torch.randint(0, 5, (n,), generator=g)
        for i in range(n):
            ox, oy = torch.randint(0, 6, (2,), generator=g).tolist()
            c = self.y[i].item()
            patch = torch.zeros(10, 10)
            if c == 0:
                patch[4:6, :] = 1
            elif c == 1:
                patch[:, 4:6] = 1
            elif c == 2:
                patch[[0, -1], :] = 1
                patch[:, [0, -1]] = 1
            elif c == 3:
                patch[torch.arange(10), torch.arange(10)] = 1
            else:
                patch[3:7, 3:7] = 1
            self.x[i, 0, oy:oy + 10, ox:ox + 10] = patch
        self.x += 0.2 * torch.randn(self.x.shape, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
