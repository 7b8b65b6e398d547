import numpy as np
import torch
from torch.utils.data import Dataset


class Images_Dataset_folder(Dataset):
    """Synthetic stand-in for the image/label folders: bright discs on noise."""

    def __init__(self, num_images, image_size, in_channels=3, seed=0):
        rng = np.random.RandomState(seed)
        h, w = image_size
        yy, xx = np.mgrid[0:h, 0:w]
        self.images, self.labels = [], []
        for _ in range(num_images):
            cy, cx = rng.randint(h // 4, 3 * h // 4), rng.randint(w // 4, 3 * w // 4)
            r = rng.randint(min(h, w) // 8, min(h, w) // 4)
            mask = ((yy - cy) ** 2 + (xx - cx) ** 2 < r ** 2).astype(np.float32)
            img = rng.rand(in_channels, h, w).astype(np.float32) * 0.5 + mask[None] * 0.5
            self.images.append(img)
            self.labels.append(mask[None])

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return torch.from_numpy(self.images[i]), torch.from_numpy(self.labels[i])
