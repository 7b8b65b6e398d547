import numpy as np
import torch
from torch.utils.data import Dataset


class XrayDataset(Dataset):
    """synthetic grey-scale chest x-rays replicated to 3 channels, 14 multi-hot findings"""

    def __init__(self, n, image_size, num_classes, seed):
        rng = np.random.RandomState(seed)
        self.images = rng.rand(n, 1, image_size, image_size).astype(np.float32)
        self.labels = (rng.rand(n, num_classes) < 0.15).astype(np.float32)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = torch.from_numpy(self.images[idx]).repeat(3, 1, 1)
        img = (img - 0.5) / 0.25
        return {"image": img, "label": torch.from_numpy(self.labels[idx])}
