import torch
from torch.utils.data import Dataset


class BlobScenes(Dataset):
    """Images with a few coloured discs; the mask labels each pixel background / red disc / blue disc."""

    def __init__(self, n, size=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        self.images = torch.rand(n, 3, size, size, generator=g) * 0.2
        self.masks = torch.zeros(n, size, size, dtype=torch.long)
        for i in range(n):
            for _ in range(3):
                cls = int(torch.randint(1, 3, (1,), generator=g))
                cx, cy = torch.randint(4, size - 4, (2,), generator=g).tolist()
                r = int(torch.randint(3, 7, (1,), generator=g))
                disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
                self.masks[i][disc] = cls
                self.images[i, 0 if cls == 1 else 2][disc] += 0.8

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], self.masks[i]
