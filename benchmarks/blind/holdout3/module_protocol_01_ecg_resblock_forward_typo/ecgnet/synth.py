import math

import torch
from torch.utils.data import TensorDataset

RHYTHMS = ["normal", "brady", "tachy", "irregular"]


def synth_ecg(n, length=512, fs=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length) / fs
    xs, ys = [], []
    for _ in range(n):
        label = int(torch.randint(0, 4, (1,), generator=g))
        hr = {0: 72, 1: 45, 2: 130, 3: 80}[label] + 5 * float(torch.randn(1, generator=g))
        period = 60.0 / hr
        beats = torch.arange(0, t[-1] + period, period)
        if label == 3:
            beats = beats + 0.15 * period * torch.randn(len(beats), generator=g)
        d = t[None, :] - beats[:, None]
        sig = torch.exp(-(d ** 2) / (2 * 0.01 ** 2)).sum(0)
        sig = sig + 0.2 * torch.exp(-((d - 0.25) ** 2) / (2 * 0.04 ** 2)).sum(0)
        sig += 0.05 * torch.randn(length, generator=g) + 0.1 * torch.sin(2 * math.pi * 0.3 * t)
        xs.append(sig)
        ys.append(label)
    return TensorDataset(torch.stack(xs).unsqueeze(1), torch.tensor(ys))
