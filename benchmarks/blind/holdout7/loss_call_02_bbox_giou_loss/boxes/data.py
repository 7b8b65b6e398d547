import numpy as np
import torch
from torch.utils.data import Dataset


class SingleObjectImages(Dataset):
    """Noisy grayscale images with one bright rectangle; target is its normalized (cx, cy, w, h)."""

    def __init__(self, n, size=48, seed=0):
        rng = np.random.default_rng(seed)
        self.images = rng.normal(0.2, 0.08, size=(n, 1, size, size)).astype(np.float32)
        self.boxes = np.zeros((n, 4), dtype=np.float32)
        for i in range(n):
            w, h = rng.integers(8, size // 2, size=2)
            x0 = rng.integers(0, size - w)
            y0 = rng.integers(0, size - h)
            self.images[i, 0, y0:y0 + h, x0:x0 + w] += rng.uniform(0.5, 0.8)
            self.boxes[i] = [(x0 + w / 2) / size, (y0 + h / 2) / size, w / size, h / size]

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return torch.from_numpy(self.images[i]), torch.from_numpy(self.boxes[i])
