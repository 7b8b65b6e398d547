import numpy as np
import torch
from torch.utils.data import Dataset

CLASSES = ("square", "cross", "disk", "bar")


def _render(kind, rng, size=28):
    img = np.zeros((size, size), dtype=np.uint8)
    cx, cy = rng.integers(9, size - 9, size=2)
    r = rng.integers(4, 8)
    yy, xx = np.mgrid[:size, :size]
    if kind == "square":
        img[cy - r:cy + r, cx - r:cx + r] = 255
    elif kind == "cross":
        img[cy - r:cy + r, cx - 1:cx + 2] = 255
        img[cy - 1:cy + 2, cx - r:cx + r] = 255
    elif kind == "disk":
        img[(yy - cy) ** 2 + (xx - cx) ** 2 <= r * r] = 255
    else:
        img[cy - 1:cy + 2, :] = 255
    noise = rng.integers(0, 40, size=img.shape, dtype=np.uint8)
    return np.maximum(img, noise)


class ShapesDataset(Dataset):
    """Grayscale 28x28 PNG-like images (uint8, 0..255) of simple shapes."""

    def __init__(self, n, seed=0):
        rng = np.random.default_rng(seed)
        self.labels = rng.integers(0, len(CLASSES), size=n)
        self.images = np.stack([_render(CLASSES[k], rng) for k in self.labels])

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = torch.from_numpy(self.images[idx]).unsqueeze(0)  # (1, H, W)
        return img, int(self.labels[idx])
