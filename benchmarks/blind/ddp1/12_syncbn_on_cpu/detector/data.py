import torch
from torch.utils.data import TensorDataset


def blob_images(n, size=24, max_blobs=5, seed=0):
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    imgs = torch.zeros(n, 1, size, size)
    counts = torch.randint(0, max_blobs + 1, (n,), generator=g)
    for i in range(n):
        for _ in range(int(counts[i])):
            cy, cx = torch.rand(2, generator=g) * (size - 4) + 2
            imgs[i, 0] += torch.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 4.0)
    imgs += 0.05 * torch.randn(imgs.shape, generator=g)
    return TensorDataset(imgs, counts.float())
