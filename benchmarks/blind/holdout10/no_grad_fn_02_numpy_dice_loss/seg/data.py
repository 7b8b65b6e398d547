import numpy as np
import torch
from torch.utils.data import Dataset


class BlobDataset(Dataset):
    """Grey images with 1-3 bright elliptical 'cells' on a textured background; mask = cells."""

    def __init__(self, n, size=32, seed=0):
        rng = np.random.default_rng(seed)
        yy, xx = np.mgrid[:size, :size].astype(np.float32)
        imgs = np.empty((n, 1, size, size), np.float32)
        masks = np.empty((n, 1, size, size), np.float32)
        for i in range(n):
            m = np.zeros((size, size), bool)
            for _ in range(rng.integers(1, 4)):
                cy, cx = rng.uniform(5, size - 5, 2)
                ry, rx = rng.uniform(2, 6, 2)
                m |= ((yy - cy) / ry) ** 2 + ((xx - cx) / rx) ** 2 <= 1
            bg = 0.3 * np.sin(xx / rng.uniform(2, 5)) * np.cos(yy / rng.uniform(2, 5))
            imgs[i, 0] = bg + 0.8 * m + rng.normal(0, 0.25, (size, size))
            masks[i, 0] = m
        self.images = torch.from_numpy(imgs)
        self.masks = torch.from_numpy(masks)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img, mask = self.images[i], self.masks[i]
        if torch.rand(()) < 0.5:
            img, mask = img.flip(-1), mask.flip(-1)
        return img, mask
