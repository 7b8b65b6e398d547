import numpy as np
import torch
from torch.utils.data import Dataset


def _draw(kind, size, rng):
    img = np.zeros((size, size), np.float32)
    r = rng.randint(3, 6)
    cx, cy = rng.randint(r, size - r, size=2)
    yy, xx = np.mgrid[:size, :size]
    if kind == 0:      # disc
        img[(xx - cx) ** 2 + (yy - cy) ** 2 <= r * r] = 1.0
    elif kind == 1:    # square
        img[cy - r:cy + r, cx - r:cx + r] = 1.0
    else:              # triangle
        m = (yy >= cy - r) & (yy <= cy + r) & (np.abs(xx - cx) <= (yy - (cy - r)) / 2)
        img[m] = 1.0
    return img + 0.1 * rng.randn(size, size).astype(np.float32)


class ShapesDataset(Dataset):
    def __init__(self, n, size=20, seed=0):
        rng = np.random.RandomState(seed)
        self.labels = rng.randint(3, size=n)
        self.images = np.stack([_draw(k, size, rng) for k in self.labels])[:, None]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return torch.from_numpy(self.images[i]), int(self.labels[i])
