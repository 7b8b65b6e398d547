import numpy as np
import torch
from torch.utils import data


class NWPU_MOC(data.Dataset):
    def __init__(self, num_imgs, size, num_classes, seed=0):
        rng = np.random.RandomState(seed)
        h, w = size
        self.imgs = rng.rand(num_imgs, 3, h, w).astype(np.float32)
        self.dens = np.zeros((num_imgs, num_classes, h, w), dtype=np.float32)
        for n in range(num_imgs):
            for c in range(num_classes):
                k = rng.randint(0, 8)
                ys, xs = rng.randint(0, h, k), rng.randint(0, w, k)
                self.dens[n, c, ys, xs] = 1.0

    def __getitem__(self, index):
        img = torch.from_numpy(self.imgs[index])
        den = torch.from_numpy(self.dens[index])
        return img, den

    def __len__(self):
        return len(self.imgs)
