import numpy as np
import torch
from torch.utils.data import Dataset


class BlobDataset(Dataset):
    """Images with bright discs; the mask marks the discs."""

    def __init__(self, n, image_size, crop_size, seed, train=True):
        rng = np.random.RandomState(seed)
        self.crop_size = crop_size
        self.train = train
        self.rng = np.random.RandomState(seed + 100)
        yy, xx = np.mgrid[:image_size, :image_size]
        self.images, self.masks = [], []
        for _ in range(n):
            mask = np.zeros((image_size, image_size), dtype=np.int64)
            for _ in range(3):
                cy, cx = rng.randint(8, image_size - 8, size=2)
                mask[(yy - cy) ** 2 + (xx - cx) ** 2 < rng.randint(16, 64)] = 1
            img = rng.normal(0, 0.3, size=(3, image_size, image_size)).astype(np.float32)
            img += mask[None].astype(np.float32)
            self.images.append(img)
            self.masks.append(mask)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img, mask = self.images[i], self.masks[i]
        h = img.shape[1]
        if self.train:
            top, left = self.rng.randint(0, h - self.crop_size + 1, size=2)
        else:
            top = left = (h - self.crop_size) // 2
        img = img[:, top:top + self.crop_size, left:left + self.crop_size]
        mask = mask[top:top + self.crop_size, left:left + self.crop_size]
        return torch.from_numpy(img.copy()), torch.from_numpy(mask.copy())
