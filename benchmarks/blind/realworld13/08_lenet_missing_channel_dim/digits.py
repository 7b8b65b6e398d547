import numpy as np
import torch
from torch.utils.data import Dataset


def make_digits(n, seed=0):
    """32x32 'digits': each class is a fixed random stroke pattern plus noise."""
    rng = np.random.RandomState(seed)
    templates = (rng.rand(10, 32, 32) > 0.8).astype(np.float32)
    labels = rng.randint(0, 10, n)
    images = templates[labels] + 0.3 * rng.randn(n, 32, 32).astype(np.float32)
    return images.astype(np.float32), labels.astype(np.int64)


class DigitsDataset(Dataset):
    def __init__(self, n=512, seed=0):
        self.images, self.labels = make_digits(n, seed)
        self.mean, self.std = self.images.mean(), self.images.std()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = (self.images[idx] - self.mean) / self.std
        return torch.from_numpy(img), int(self.labels[idx])
