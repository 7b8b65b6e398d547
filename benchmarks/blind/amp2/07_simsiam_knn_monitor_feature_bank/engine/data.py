import torch
from torch.utils.data import Dataset


class Clusters(Dataset):
    def __init__(self, n, centers, seed, two_views=False):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, len(centers), (n,), generator=g)
        self.x = centers[self.y] + 0.8 * torch.randn(n, centers.shape[1], generator=g)
        self.two_views = two_views

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        x = self.x[i]
        if self.two_views:
            aug = lambda v: (v + 0.3 * torch.randn_like(v)) * (torch.rand_like(v) > 0.15)
            return aug(x), aug(x)
        return i, x, self.y[i]


def build_datasets(n_classes=8, dim=40):
    centers = torch.randn(n_classes, dim, generator=torch.Generator().manual_seed(0)) * 2
    return (Clusters(1024, centers, 1, two_views=True),
            Clusters(1024, centers, 1),
            Clusters(256, centers, 2))
