import torch
from torch.utils.data import TensorDataset


def make_windows(n_windows=1536, channels=6, length=32, anomaly_frac=0.05, seed=99):
    g = torch.Generator().manual_seed(seed)
    t = torch.linspace(0, 6.283, length)
    phase = torch.rand(n_windows, channels, 1, generator=g) * 6.283
    amp = 0.5 + torch.rand(n_windows, channels, 1, generator=g)
    x = amp * torch.sin(t + phase) + 0.05 * torch.randn(n_windows, channels, length, generator=g)
    is_anom = torch.rand(n_windows, generator=g) < anomaly_frac
    spikes = torch.randn(n_windows, channels, length, generator=g) * 1.5
    x[is_anom] += spikes[is_anom]
    return TensorDataset(x.flatten(1), is_anom.long())
