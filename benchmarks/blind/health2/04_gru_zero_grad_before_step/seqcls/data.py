import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def _make_windows(n, seq_len, gen):
    labels = torch.randint(0, 4, (n,), generator=gen)
    t = torch.linspace(0, 1, seq_len)
    freq = torch.tensor([1.0, 2.5, 4.0, 6.0])[labels]
    amp = torch.tensor([0.3, 1.0, 0.6, 1.2])[labels]
    phase = torch.rand(n, 1, generator=gen) * 2 * math.pi
    base = amp[:, None] * torch.sin(2 * math.pi * freq[:, None] * t[None, :] + phase)
    x = torch.stack([base, 0.5 * base.roll(3, dims=1), torch.cos(base)], dim=-1)
    x = x + 0.15 * torch.randn(x.shape, generator=gen)
    return x, labels


def build_sensor_loaders(batch_size, seq_len=16, n_train=512, n_val=160, seed=0):
    gen = torch.Generator().manual_seed(seed)
    x_tr, y_tr = _make_windows(n_train, seq_len, gen)
    x_va, y_va = _make_windows(n_val, seq_len, gen)
    train = DataLoader(TensorDataset(x_tr, y_tr), batch_size=batch_size, shuffle=True)
    val = DataLoader(TensorDataset(x_va, y_va), batch_size=batch_size)
    return train, val, 4
