"""Windows of synthetic 8-channel EEG with a motor-imagery-like band-power difference between classes."""
import math

import torch
from torch.utils.data import DataLoader, Dataset

N_CHANNELS = 8
FS = 128


def simulate(n_trials, window_s=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    T = int(FS * window_s)
    t = torch.arange(T) / FS
    y = torch.randint(0, 2, (n_trials,), generator=g)
    x = 0.7 * torch.randn(n_trials, N_CHANNELS, T, generator=g)
    mu_rhythm = torch.sin(2 * math.pi * 10 * t)
    # class 0: mu rhythm on left channels, class 1: on right channels
    for i in range(n_trials):
        chans = slice(0, 4) if y[i] == 0 else slice(4, 8)
        x[i, chans] += mu_rhythm * (0.8 + 0.4 * torch.rand(1, generator=g))
    return x, y


class EEGWindows(Dataset):
    """split: 'train' (random time-shift + channel-dropout augmentation) or 'val' (no augmentation)."""

    def __init__(self, x, y, split="train", max_shift=8, p_drop=0.1):
        self.x, self.y = x, y
        self.split = split
        self.max_shift = max_shift
        self.p_drop = p_drop

    def __len__(self):
        return len(self.y)

    def augment(self, x):
        shift = int(torch.randint(-self.max_shift, self.max_shift + 1, (1,)))
        x = torch.roll(x, shift, dims=-1)
        keep = (torch.rand(x.shape[0], 1) > self.p_drop).float()
        return x * keep

    def __getitem__(self, idx):
        x, y = self.x[idx], self.y[idx]
        if self.split == "train":
            return self.augment(x), y
        elif self.split == "val":
            return x, y


def get_loaders(batch_size, seed=0):
    x, y = simulate(400, seed=seed)
    n_train = 320
    train_ds = EEGWindows(x[:n_train], y[:n_train], split="train")
    val_ds = EEGWindows(x[n_train:], y[n_train:], split="valid")
    return (DataLoader(train_ds, batch_size=batch_size, shuffle=True, drop_last=True),
            DataLoader(val_ds, batch_size=batch_size))
