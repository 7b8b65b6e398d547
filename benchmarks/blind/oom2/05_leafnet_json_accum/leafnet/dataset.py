import torch
from torch.utils.data import Dataset


class LeafSpots(Dataset):
    """Green leaf texture with class-dependent lesion colour and count."""

    def __init__(self, n, size, n_classes, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, n_classes, (n,), generator=g)
        base = torch.tensor([0.2, 0.6, 0.2]).view(3, 1, 1)
        self.x = (base + 0.1 * torch.randn(n, 3, size, size, generator=g)).clamp(0, 1)
        for i in range(n):
            c = int(self.y[i])
            for _ in range(2 + c):
                r, s = torch.randint(0, size - 10, (2,), generator=g)
                self.x[i, :, r:r + 8, s:s + 8] = torch.tensor([0.5 + 0.1 * c, 0.3, 0.1]).view(3, 1, 1)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
