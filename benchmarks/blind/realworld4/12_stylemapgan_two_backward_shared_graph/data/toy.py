import numpy as np
import torch
from torch.utils.data import Dataset


class ToyFaces(Dataset):
    """16x16 RGB blobs in [-1, 1] standing in for the face crops"""

    def __init__(self, n=256, size=16, seed=0):
        rng = np.random.RandomState(seed)
        yy, xx = np.mgrid[0:size, 0:size] / size
        imgs = []
        for _ in range(n):
            cx, cy, r = rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.7), rng.uniform(0.15, 0.3)
            mask = ((xx - cx) ** 2 + (yy - cy) ** 2 < r ** 2).astype(np.float32)
            color = rng.uniform(-1, 1, size=(3, 1, 1))
            imgs.append(mask[None] * color + (1 - mask[None]) * -0.8)
        self.imgs = torch.tensor(np.stack(imgs), dtype=torch.float32)

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, i):
        return self.imgs[i]
