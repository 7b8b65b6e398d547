import numpy as np
import torch
from torch.utils.data import Dataset

CLASSES = ("square", "disk", "cross", "ring")


def _draw(kind, size, rng):
    img = np.zeros((size, size), dtype=np.float32)
    c = rng.integers(5, size - 5, size=2)
    r = rng.integers(2, 5)
    yy, xx = np.mgrid[:size, :size]
    d = np.sqrt((yy - c[0]) ** 2 + (xx - c[1]) ** 2)
    if kind == "square":
        img[c[0] - r:c[0] + r, c[1] - r:c[1] + r] = 1
    elif kind == "disk":
        img[d <= r] = 1
    elif kind == "cross":
        img[c[0] - r:c[0] + r + 1, c[1]] = 1
        img[c[0], c[1] - r:c[1] + r + 1] = 1
    else:
        img[(d <= r + 0.5) & (d >= r - 0.7)] = 1
    return img


class ShapesDataset(Dataset):
    def __init__(self, n, size=20, noise=0.15, seed=0):
        rng = np.random.default_rng(seed)
        labels = rng.integers(0, len(CLASSES), size=n)
        imgs = np.stack([_draw(CLASSES[k], size, rng) for k in labels])
        imgs += noise * rng.standard_normal(imgs.shape).astype(np.float32)
        self.x = torch.from_numpy(imgs).unsqueeze(1)
        self.y = torch.from_numpy(labels).long()

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
