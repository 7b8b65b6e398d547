import torch
from torch.utils.data import Dataset


class Blobs(Dataset):
    def __init__(self, n=256, size=24, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        cy = torch.randint(5, size - 5, (n, 1, 1), generator=g)
        cx = torch.randint(5, size - 5, (n, 1, 1), generator=g)
        r = torch.randint(3, 7, (n, 1, 1), generator=g)
        self.mask = (((yy - cy) ** 2 + (xx - cx) ** 2) <= r ** 2).float().unsqueeze(1)
        self.img = self.mask * 0.8 + 0.3 * torch.randn(n, 1, size, size, generator=g)

    def __len__(self):
        return len(self.img)

    def __getitem__(self, i):
        return self.img[i], self.mask[i]
