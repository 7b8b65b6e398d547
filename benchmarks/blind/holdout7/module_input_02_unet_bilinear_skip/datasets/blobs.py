import numpy as np
import torch
from torch.utils.data import Dataset


class SyntheticBlobs(Dataset):
    """Images with a few bright elliptical blobs on textured background; mask = blob pixels."""

    def __init__(self, n, image_size=64, max_blobs=4, noise=0.15, seed=0, hflip=False):
        rng = np.random.default_rng(seed)
        self.images = np.empty((n, 3, image_size, image_size), dtype=np.float32)
        self.masks = np.empty((n, 1, image_size, image_size), dtype=np.float32)
        yy, xx = np.mgrid[0:image_size, 0:image_size]
        for i in range(n):
            mask = np.zeros((image_size, image_size), dtype=bool)
            for _ in range(rng.integers(1, max_blobs + 1)):
                cy, cx = rng.uniform(6, image_size - 6, size=2)
                ry, rx = rng.uniform(3, 8, size=2)
                mask |= ((yy - cy) / ry) ** 2 + ((xx - cx) / rx) ** 2 <= 1.0
            base = rng.uniform(0.1, 0.4, size=(3, 1, 1))
            fg = rng.uniform(0.6, 0.9, size=(3, 1, 1))
            img = np.where(mask[None], fg, base) + rng.normal(0, noise, size=(3, image_size, image_size))
            self.images[i] = img.astype(np.float32)
            self.masks[i, 0] = mask
        self.hflip = hflip
        self.rng = np.random.default_rng(seed + 1)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        img = torch.from_numpy(self.images[idx])
        mask = torch.from_numpy(self.masks[idx])
        if self.hflip and self.rng.random() < 0.5:
            img, mask = img.flip(-1), mask.flip(-1)
        return img, mask
