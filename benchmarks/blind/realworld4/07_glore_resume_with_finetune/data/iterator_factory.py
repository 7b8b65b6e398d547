import os
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader


class ToyVideoIter(Dataset):
    """short synthetic clips (3 x T x H x W) with class-dependent motion"""

    def __init__(self, n, num_classes, clip_length=4, size=32, seed=0):
        rng = np.random.RandomState(seed)
        self.y = rng.randint(0, num_classes, n)
        self.x = rng.rand(n, 3, clip_length, size, size).astype(np.float32) * 0.3
        for i, c in enumerate(self.y):
            for t in range(clip_length):
                off = (c * 3 + t * (c % 3 + 1)) % (size - 8)
                self.x[i, c % 3, t, off:off + 8, off:off + 8] += 0.7

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), int(self.y[i])


def creat(name, batch_size, num_workers=0, clip_length=4, **kwargs):
    num_classes = kwargs.get('num_classes', 5)
    train = ToyVideoIter(96, num_classes, clip_length, seed=0)
    val = ToyVideoIter(32, num_classes, clip_length, seed=1)
    train_loader = DataLoader(train, batch_size=batch_size, shuffle=True, num_workers=num_workers)
    val_loader = DataLoader(val, batch_size=batch_size, shuffle=False, num_workers=num_workers)
    return train_loader, val_loader
