import torch
from torch.utils.data import Dataset


class BlobSegmentation(Dataset):
    """RGB images with one bright disc; the mask is the disc."""

    def __init__(self, n, size, seed):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        self.images, self.masks = [], []
        for _ in range(n):
            cy, cx = torch.randint(6, size - 6, (2,), generator=g).tolist()
            r = int(torch.randint(3, 7, (1,), generator=g))
            mask = (((yy - cy) ** 2 + (xx - cx) ** 2) <= r * r).float()
            img = 0.3 * torch.rand(3, size, size, generator=g) + mask * torch.rand(3, 1, 1, generator=g)
            self.images.append(img)
            self.masks.append(mask.unsqueeze(0))

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], self.masks[i]
