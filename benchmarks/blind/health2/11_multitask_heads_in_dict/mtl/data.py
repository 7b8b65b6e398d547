import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def _vibration(n, length, g):
    fault = torch.randint(0, 3, (n,), generator=g)
    wear = torch.rand(n, generator=g)
    t = torch.arange(length).float()
    base = torch.sin(2 * math.pi * t[None] / 16.0 + torch.rand(n, 1, generator=g) * 6.28)
    harmonic = torch.sin(2 * math.pi * t[None] * (fault[:, None] + 1) / 8.0)
    spikes = (fault[:, None] == 2).float() * (torch.rand(n, length, generator=g) < 0.08).float() * 2.0
    x = base + 0.7 * harmonic * (fault[:, None] > 0).float() + spikes + wear[:, None] * 0.5 * t[None] / length
    x = x + 0.2 * torch.randn(n, length, generator=g)
    rul = (1.0 - wear).unsqueeze(1)
    return x.unsqueeze(1), fault, rul


def make_signal_tasks(cfg):
    g = torch.Generator().manual_seed(cfg["seed"])
    tr = _vibration(cfg["n_train"], cfg["length"], g)
    va = _vibration(cfg["n_val"], cfg["length"], g)
    return (DataLoader(TensorDataset(*tr), batch_size=cfg["batch_size"], shuffle=True),
            DataLoader(TensorDataset(*va), batch_size=cfg["batch_size"]))
