import numpy as np
import torch
from torch.utils.data import Dataset


class VesselPatches(Dataset):
    """Synthetic 3D patches with a few bright tubular 'vessels' and their masks."""

    def __init__(self, n=16, size=16, seed=0):
        rng = np.random.RandomState(seed)
        self.images, self.masks = [], []
        for _ in range(n):
            img = rng.normal(0, 0.1, (size, size, size)).astype(np.float32)
            mask = np.zeros((size, size, size), dtype=np.int64)
            for _ in range(2):
                y, z = rng.randint(2, size - 2, size=2)
                mask[:, y - 1:y + 1, z - 1:z + 1] = 1
            img[mask == 1] += 1.0
            self.images.append(img[None])
            self.masks.append(mask)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        return torch.from_numpy(self.images[idx]), torch.from_numpy(self.masks[idx])
