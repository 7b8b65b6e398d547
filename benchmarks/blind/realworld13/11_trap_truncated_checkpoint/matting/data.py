import numpy as np
import torch
from torch.utils.data import Dataset


class ToyMattingSet(Dataset):
    def __init__(self, n=32, size=32, seed=0):
        rng = np.random.RandomState(seed)
        yy, xx = np.mgrid[0:size, 0:size]
        self.items = []
        for _ in range(n):
            cy, cx, r = rng.randint(10, 22), rng.randint(10, 22), rng.randint(5, 9)
            d = np.sqrt((yy - cy) ** 2 + (xx - cx) ** 2)
            alpha = np.clip((r + 2 - d) / 4, 0, 1).astype(np.float32)
            fg, bg = rng.rand(3, 1, 1), rng.rand(3, 1, 1)
            img = (alpha * fg + (1 - alpha) * bg + 0.05 * rng.randn(3, size, size)).astype(np.float32)
            trimap = np.where(alpha > 0.95, 1.0, np.where(alpha < 0.05, 0.0, 0.5)).astype(np.float32)
            self.items.append((img, trimap[None], alpha[None]))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return tuple(torch.from_numpy(a) for a in self.items[i])
