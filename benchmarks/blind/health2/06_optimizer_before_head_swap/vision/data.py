import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def _textures(n, size, num_classes, g):
    labels = torch.randint(0, num_classes, (n,), generator=g)
    ys, xs = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    angle = labels.float() * math.pi / num_classes
    freq = 0.6 + 0.1 * labels.float()
    proj = xs[None] * torch.cos(angle)[:, None, None] + ys[None] * torch.sin(angle)[:, None, None]
    phase = torch.rand(n, 1, 1, generator=g) * 2 * math.pi
    base = torch.sin(freq[:, None, None] * proj + phase)
    imgs = torch.stack([base, base * 0.5, -base], dim=1)
    imgs = imgs + 0.3 * torch.randn(imgs.shape, generator=g)
    return imgs, labels


def texture_loaders(cfg):
    g = torch.Generator().manual_seed(cfg.seed)
    x_tr, y_tr = _textures(cfg.n_train, cfg.image_size, cfg.num_classes, g)
    x_va, y_va = _textures(cfg.n_val, cfg.image_size, cfg.num_classes, g)
    return (DataLoader(TensorDataset(x_tr, y_tr), batch_size=cfg.batch_size, shuffle=True),
            DataLoader(TensorDataset(x_va, y_va), batch_size=cfg.batch_size))
