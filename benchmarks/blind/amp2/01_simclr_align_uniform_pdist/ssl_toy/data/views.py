import torch
from torch.utils.data import DataLoader, Dataset


class TwoViewGaussians(Dataset):
    """Points from 10 Gaussian clusters; two augmented views = independent jitter + feature dropout."""

    def __init__(self, n=2048, dim=48, n_clusters=10, seed=0):
        g = torch.Generator().manual_seed(seed)
        centers = torch.randn(n_clusters, dim, generator=g) * 3
        labels = torch.randint(0, n_clusters, (n,), generator=g)
        self.x = centers[labels] + torch.randn(n, dim, generator=g)

    def __len__(self):
        return len(self.x)

    def _augment(self, v):
        v = v + 0.3 * torch.randn_like(v)
        keep = (torch.rand_like(v) > 0.1).float()
        return v * keep

    def __getitem__(self, i):
        v = self.x[i]
        return self._augment(v), self._augment(v)


def make_loader(batch_size=128):
    return DataLoader(TwoViewGaussians(), batch_size=batch_size, shuffle=True, drop_last=True)
