import numpy as np
import torch
from torch.utils.data import Dataset

class_names = ['ants', 'bees']


class HymenopteraData(Dataset):
    """Stand-in for datasets.ImageFolder(data_dir/phase): small synthetic RGB crops.
    ants are dark with a horizontal stripe, bees are yellowish with vertical stripes."""

    def __init__(self, phase, size=16):
        n = 48 if phase == 'train' else 16
        rng = np.random.RandomState(0 if phase == 'train' else 1)
        self.samples = []
        for i in range(n):
            target = i % 2
            img = rng.rand(3, size, size).astype(np.float32) * 0.3
            if target == 0:
                img[:, size // 2 - 2:size // 2 + 2, :] += 0.6
            else:
                img[0:2] += 0.4
                img[:, :, ::4] += 0.5
            self.samples.append((img, target))
        self.classes = class_names

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, index):
        img, target = self.samples[index]
        mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)[:, None, None]
        std = np.array([0.229, 0.224, 0.225], dtype=np.float32)[:, None, None]
        return torch.from_numpy((img - mean) / std), target
