import numpy as np
import torch
from torch.utils.data import Dataset


class LocalDataset(Dataset):
    """Synthetic stand-in for the car images listed in the csv files."""

    def __init__(self, n, img_size, num_classes, seed):
        rng = np.random.RandomState(seed)
        self.labels = rng.randint(0, num_classes, size=n)
        imgs = rng.rand(n, 3, img_size, img_size).astype(np.float32) * 0.5
        for i, c in enumerate(self.labels):
            imgs[i, c, :, :] += 0.5
        self.imgs = (imgs - 0.45) / 0.25

    def __getitem__(self, index):
        return torch.from_numpy(self.imgs[index]), int(self.labels[index])

    def __len__(self):
        return len(self.labels)
