"""Generates a toy dataset of circles / squares / triangles (grayscale)."""
import numpy as np
import torch
from torch.utils.data import TensorDataset


def _draw(kind, size, rng):
    img = np.zeros((size, size), dtype=np.float32)
    r = rng.integers(size // 6, size // 3)
    cy, cx = rng.integers(r, size - r, size=2)
    yy, xx = np.mgrid[:size, :size]
    if kind == 0:
        mask = (yy - cy) ** 2 + (xx - cx) ** 2 <= r ** 2
    elif kind == 1:
        mask = (np.abs(yy - cy) <= r) & (np.abs(xx - cx) <= r)
    else:
        mask = (yy - cy + r >= 0) & (yy - cy <= r) & (np.abs(xx - cx) <= (yy - cy + r) / 2)
    img[mask] = 1.0
    img += rng.normal(0, 0.2, size=img.shape).astype(np.float32)
    return img


def make_shapes(n, size, num_classes, seed):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, num_classes, size=n)
    images = np.stack([_draw(k, size, rng) for k in labels])[:, None]
    return TensorDataset(torch.from_numpy(images), torch.from_numpy(labels).long())
