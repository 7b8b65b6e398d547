import numpy as np
import torch
from torch.utils.data import Dataset


class NoisyPatchDataset(Dataset):
    """Random 8x8 'patches' with on-the-fly numpy augmentation (needs per-worker seeding)."""

    def __init__(self, n=256, n_classes=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.protos = torch.randn(n_classes, 1, 8, 8, generator=g)
        self.labels = torch.randint(0, n_classes, (n,), generator=g)
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        y = self.labels[i]
        x = self.protos[y].clone()
        if self.rng.random() < 0.5:
            x = x.flip(-1)
        x += torch.from_numpy(self.rng.normal(0, 0.5, size=x.shape).astype("float32"))
        return x, y
