import numpy as np
import torch
from torch.utils.data import Dataset


class SyntheticFaceDataset(Dataset):
    """Stand-in for the WebFace image folder: one prototype per identity."""

    def __init__(self, num_classes=20, per_class=4, image_size=56, seed=0):
        rng = np.random.RandomState(seed)
        self.protos = rng.randn(num_classes, 3, image_size, image_size).astype(np.float32)
        self.samples = [(c, k) for c in range(num_classes) for k in range(per_class)]
        self.image_size = image_size

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, index):
        c, k = self.samples[index]
        rng = np.random.RandomState(1000 + index)
        img = self.protos[c] + 0.3 * rng.randn(3, self.image_size, self.image_size).astype(np.float32)
        if rng.rand() < 0.5:
            img = img[:, :, ::-1].copy()
        return torch.from_numpy(img), c
