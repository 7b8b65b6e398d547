import math

import torch
from torch.utils.data import TensorDataset


def sine_dataset(n, seq_len, n_classes, seed=0):
    """Class k = a sine with k+1 periods over the window, random phase and amplitude."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, n_classes, (n,), generator=g)
    t = torch.linspace(0, 1, seq_len)
    phase = 2 * math.pi * torch.rand(n, 1, generator=g)
    amp = 0.6 + 0.3 * torch.rand(n, 1, generator=g)
    waves = amp * torch.sin(2 * math.pi * (labels.unsqueeze(1) + 1) * t + phase)
    return TensorDataset(waves, labels)
