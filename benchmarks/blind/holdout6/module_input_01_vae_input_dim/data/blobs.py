import math

import torch
from torch.utils.data import Dataset


def _render(n, size, n_blobs, gen):
    ys = torch.arange(size).view(1, size, 1).float()
    xs = torch.arange(size).view(1, 1, size).float()
    imgs = torch.zeros(n, size, size)
    for _ in range(n_blobs):
        cy = torch.rand(n, 1, 1, generator=gen) * size
        cx = torch.rand(n, 1, 1, generator=gen) * size
        r = 1.5 + torch.rand(n, 1, 1, generator=gen) * size / 8
        imgs += torch.exp(-((ys - cy) ** 2 + (xs - cx) ** 2) / (2 * r ** 2))
    return imgs.clamp_(0, 1).unsqueeze(1)


class BlobImages(Dataset):
    """Gaussian-blob toy images in [0, 1], shape (1, H, W)."""

    def __init__(self, n, size=32, n_blobs=3, seed=0):
        gen = torch.Generator().manual_seed(seed)
        self.images = _render(n, size, n_blobs, gen)

    def __len__(self):
        return self.images.size(0)

    def __getitem__(self, idx):
        return self.images[idx]


def make_splits(cfg):
    train = BlobImages(cfg.n_train, cfg.image_size, cfg.n_blobs, seed=cfg.seed)
    val = BlobImages(cfg.n_val, cfg.image_size, cfg.n_blobs, seed=cfg.seed + 1)
    return train, val
