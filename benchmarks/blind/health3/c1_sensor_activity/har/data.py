import math

import torch
from torch.utils.data import Dataset

ACTIVITIES = ["walking", "upstairs", "downstairs", "sitting", "standing", "lying"]


class IMUWindows(Dataset):
    """Summary features of accelerometer/gyro windows, kept in raw sensor units."""

    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.num_features = x.shape[1]
        self.num_classes = len(ACTIVITIES)

    def __len__(self):
        return self.y.numel()

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def _synthesize(n, gen):
    n_cls = len(ACTIVITIES)
    y = torch.randint(0, n_cls, (n,), generator=gen)
    t = torch.linspace(0, 2 * math.pi, 32)
    freq = 0.5 + y.float().unsqueeze(1) * 0.35
    amp = 180.0 + 60.0 * (y.float().unsqueeze(1) % 3)
    phase = torch.rand(n, 1, generator=gen) * 2 * math.pi
    signal = amp * torch.sin(freq * t + phase) + 512.0
    signal = signal + 25.0 * torch.randn(n, 32, generator=gen)
    stats = torch.stack(
        [signal.mean(1), signal.std(1), signal.max(1).values, signal.min(1).values], dim=1
    )
    x = torch.cat([signal, stats], dim=1)
    return x, y


def make_splits(n_train=1024, n_val=256, seed=0):
    gen = torch.Generator().manual_seed(seed)
    xtr, ytr = _synthesize(n_train, gen)
    xva, yva = _synthesize(n_val, gen)
    return IMUWindows(xtr, ytr), IMUWindows(xva, yva)
