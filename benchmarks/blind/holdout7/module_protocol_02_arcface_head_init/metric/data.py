import numpy as np
import torch
from torch.utils.data import Dataset


def make_prototypes(n_ids, size, rng):
    """Each identity is a random smooth 'fluke' pattern."""
    protos = []
    yy, xx = np.mgrid[0:size, 0:size] / size
    for _ in range(n_ids):
        img = np.zeros((size, size), dtype=np.float32)
        for _ in range(4):
            fx, fy = rng.uniform(1, 4, size=2)
            ph = rng.uniform(0, 2 * np.pi)
            img += np.sin(2 * np.pi * (fx * xx + fy * yy) + ph).astype(np.float32)
        protos.append(img / 4)
    return np.stack(protos)


class IdentityImages(Dataset):
    def __init__(self, protos, ids, per_id, seed, noise=0.35):
        rng = np.random.default_rng(seed)
        xs, ys = [], []
        for i in ids:
            for _ in range(per_id):
                shift = rng.integers(-3, 4, size=2)
                img = np.roll(protos[i], tuple(shift), axis=(0, 1))
                img = img * rng.uniform(0.7, 1.3) + rng.normal(0, noise, img.shape)
                xs.append(img[None].astype(np.float32))
                ys.append(i)
        self.x = torch.from_numpy(np.stack(xs))
        self.labels = ys
        self.y = torch.tensor(ys)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
