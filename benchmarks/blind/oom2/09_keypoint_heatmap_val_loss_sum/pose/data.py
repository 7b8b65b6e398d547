import torch
from torch.utils.data import Dataset


def gaussian_heatmaps(points, size, sigma=2.0):
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    d2 = (yy[None] - points[:, 0, None, None]) ** 2 + (xx[None] - points[:, 1, None, None]) ** 2
    return torch.exp(-d2 / (2 * sigma ** 2))


class ToyPoses(Dataset):
    """Images with K bright dots; target = one gaussian heatmap per dot."""

    def __init__(self, n, size=64, k=5, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.pts = torch.randint(4, size - 4, (n, k, 2), generator=g).float()
        self.size = size
        self.noise = 0.2 * torch.randn(n, 1, size, size, generator=g)

    def __len__(self):
        return len(self.pts)

    def __getitem__(self, i):
        hm = gaussian_heatmaps(self.pts[i], self.size)
        img = hm.sum(0, keepdim=True).clamp(max=1) + self.noise[i]
        return img, hm
