import math

import torch
from torch.utils.data import DataLoader, TensorDataset


def clean_signals(n, length, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.linspace(0, 1, length)
    amps = torch.rand(n, 3, 1, generator=g)
    freqs = torch.randint(1, 6, (n, 3, 1), generator=g).float()
    phases = torch.rand(n, 3, 1, generator=g) * 2 * math.pi
    return (amps * torch.sin(2 * math.pi * freqs * t + phases)).sum(1, keepdim=True)


def make_loaders(n_train, n_val, length, noise_std, batch_size, seed):
    g = torch.Generator().manual_seed(seed + 7)
    clean_tr = clean_signals(n_train, length, seed)
    clean_va = clean_signals(n_val, length, seed + 1)
    noisy_tr = clean_tr + noise_std * torch.randn(clean_tr.shape, generator=g)
    noisy_va = clean_va + noise_std * torch.randn(clean_va.shape, generator=g)
    return (
        DataLoader(TensorDataset(noisy_tr, clean_tr), batch_size=batch_size, shuffle=True),
        DataLoader(TensorDataset(noisy_va, clean_va), batch_size=256),
    )
