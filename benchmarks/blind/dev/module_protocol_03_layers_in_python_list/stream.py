import torch
from torch.utils.data import IterableDataset


class GaussianClusters(IterableDataset):
    """Endless-style stream of points from 3 Gaussian clusters, cut at samples_per_epoch."""

    def __init__(self, in_dim, n_classes, samples_per_epoch, noise, seed=0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.centers = torch.randn(n_classes, in_dim, generator=g)
        self.samples_per_epoch = samples_per_epoch
        self.noise = noise
        self.seed = seed
        self.epoch = 0

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        self.epoch += 1
        for _ in range(self.samples_per_epoch):
            y = int(torch.randint(0, len(self.centers), (1,), generator=g))
            x = self.centers[y] + self.noise * torch.randn(self.centers.size(1), generator=g)
            yield x, y
