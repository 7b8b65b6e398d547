import numpy as np
import torch
from torch.utils.data import Dataset


class SyntheticVPDataset(Dataset):
    """images with line segments converging to a random vanishing point (stand-in for tmm17/su3)"""

    def __init__(self, n, size=64, seed=0):
        rng = np.random.RandomState(seed)
        self.items = []
        for _ in range(n):
            vp = rng.uniform(0, size, 2)
            img = np.zeros((3, size, size), np.float32)
            for _ in range(8):
                p = rng.uniform(0, size, 2)
                for t in np.linspace(0, 1, 40):
                    y, x = (p + t * (vp - p)).astype(int).clip(0, size - 1)
                    img[:, y, x] = 1.0
            self.items.append((torch.from_numpy(img), torch.tensor(vp / 4, dtype=torch.float32)))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
