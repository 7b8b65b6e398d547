import numpy as np
import torch
from torch.utils.data import Dataset

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)[:, None, None]
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)[:, None, None]


def make_fake_leaves(n, size, n_classes, seed):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, n_classes, n)
    imgs = rng.integers(0, 80, (n, 3, size, size), dtype=np.uint8)
    imgs[:, 1] += 100  # green-ish leaves
    for i, c in enumerate(labels):  # "lesions": class-specific number of dark spots
        for _ in range(int(c) * 3):
            y, x = rng.integers(8, size - 8, 2)
            imgs[i, :, y - 6:y + 6, x - 6:x + 6] //= 4
    return imgs, labels


class LeafDataset(Dataset):
    def __init__(self, images, labels):
        self.images, self.labels = images, labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = (self.images[idx].astype(np.float32) / 255.0 - MEAN) / STD
        return torch.from_numpy(img), int(self.labels[idx])
