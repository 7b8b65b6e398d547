import numpy as np
import torch
from torch.utils.data import TensorDataset


def _render(n, cfg, rng):
    s = cfg["img_size"]
    k = cfg["n_classes"]
    y = rng.integers(0, k, size=n)
    yy, xx = np.mgrid[0:s, 0:s] / (s - 1)
    imgs = np.empty((n, 1, s, s), dtype=np.float32)
    for i in range(n):
        angle = np.pi * y[i] / k
        stripes = np.sin(10.0 * (np.cos(angle) * xx + np.sin(angle) * yy) + rng.uniform(0, 2 * np.pi))
        imgs[i, 0] = stripes + 0.6 * rng.standard_normal((s, s))
    meta = rng.standard_normal((n, cfg["n_meta"])).astype(np.float32)
    meta[:, 0] += 0.5 * (y % 2)
    meta[:, 1] -= 0.3 * (y >= k // 2)
    return torch.from_numpy(imgs), torch.from_numpy(meta), torch.from_numpy(y).long()


def make_datasets(cfg):
    rng = np.random.default_rng(cfg["seed"])
    train = TensorDataset(*_render(cfg["n_train"], cfg, rng))
    val = TensorDataset(*_render(cfg["n_val"], cfg, rng))
    return train, val
