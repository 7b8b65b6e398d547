import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def _beats(n, length, n_classes, gen):
    y = torch.randint(0, n_classes, (n,), generator=gen)
    t = torch.linspace(-1, 1, length)
    center = 0.15 * (torch.rand(n, 1, generator=gen) - 0.5)
    width = 0.03 + 0.02 * y.float().unsqueeze(1)
    qrs = torch.exp(-((t - center) ** 2) / (2 * width**2))
    t_wave = 0.3 * (y.float().unsqueeze(1) % 2) * torch.exp(-((t - center - 0.4) ** 2) / 0.02)
    baseline = 0.2 * torch.sin(2 * math.pi * (t * 0.5 + torch.rand(n, 1, generator=gen)))
    x = qrs + t_wave + baseline + 0.1 * torch.randn(n, length, generator=gen)
    return x.unsqueeze(1), y


def get_dataloaders(cfg):
    gen = torch.Generator().manual_seed(cfg.seed)
    xtr, ytr = _beats(cfg.n_train, cfg.length, cfg.n_classes, gen)
    xva, yva = _beats(cfg.n_val, cfg.length, cfg.n_classes, gen)
    return {
        "train": DataLoader(TensorDataset(xtr, ytr), batch_size=cfg.batch_size, shuffle=True),
        "val": DataLoader(TensorDataset(xva, yva), batch_size=300),
    }
