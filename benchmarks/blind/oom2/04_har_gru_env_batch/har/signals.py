import math

import torch
from torch.utils.data import TensorDataset


def synth_imu(n, seq_len, n_channels, n_classes, seed):
    """Accelerometer/gyro windows: each activity has its own dominant frequency."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n,), generator=g)
    t = torch.arange(seq_len).float() / 50.0  # 50 Hz
    freq = 0.5 + y.float() * 0.7
    phase = torch.rand(n, n_channels, 1, generator=g) * 2 * math.pi
    x = torch.sin(2 * math.pi * freq.view(n, 1, 1) * t.view(1, 1, -1) + phase)
    x = x + 0.3 * torch.randn(n, n_channels, seq_len, generator=g)
    return TensorDataset(x.transpose(1, 2).contiguous(), y)
