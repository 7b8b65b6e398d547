import torch
from torch.utils.data import Dataset


class Textures(Dataset):
    def __init__(self, n=128, size=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, 4, (n,), generator=g)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        pats = [((xx // 2) % 2).float(), ((yy // 2) % 2).float(), (((xx + yy) // 2) % 2).float(),
                ((xx // 4 + yy // 4) % 2).float()]
        self.x = torch.stack([pats[int(c)].expand(3, size, size) for c in self.y])
        self.x = self.x + 0.3 * torch.randn(self.x.shape, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
