import torch
from torch.utils.data import Dataset


class Blobs(Dataset):
    def __init__(self, n, size=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        self.masks = torch.zeros(n, 1, size, size)
        for i in range(n):
            for _ in range(int(torch.randint(1, 4, (1,), generator=g))):
                cx, cy = (torch.rand(2, generator=g) * size).tolist()
                r = 3 + 5 * float(torch.rand(1, generator=g))
                self.masks[i, 0][(xx - cx) ** 2 + (yy - cy) ** 2 < r * r] = 1.0
        self.images = self.masks * 0.8 + 0.3 * torch.randn(self.masks.shape, generator=g)

    def __len__(self):
        return len(self.masks)

    def __getitem__(self, i):
        return self.images[i], self.masks[i]
