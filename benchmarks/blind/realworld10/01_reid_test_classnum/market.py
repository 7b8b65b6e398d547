import numpy as np
import torch
from torch.utils.data import Dataset


class SyntheticMarket(Dataset):
    """Person crops grouped by identity, like pytorch/train_all of Market-1501."""

    def __init__(self, num_ids, imgs_per_id, seed=0, h=16, w=8):
        rng = np.random.RandomState(seed)
        protos = rng.rand(num_ids, 3, h, w).astype(np.float32)
        self.imgs, self.labels = [], []
        for pid in range(num_ids):
            for _ in range(imgs_per_id):
                img = protos[pid] + 0.15 * rng.randn(3, h, w).astype(np.float32)
                self.imgs.append(img)
                self.labels.append(pid)
        self.classes = ['%04d' % (i + 2) for i in range(num_ids)]

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, index):
        img = torch.from_numpy((self.imgs[index] - 0.5) / 0.25)
        return img, self.labels[index]
