import torch
from torch.utils.data import Dataset


class SensorWindows(Dataset):
    """Synthetic multivariate sensor windows; label = whether the windowed trend is rising."""

    def __init__(self, n, seq_len, n_features, seed):
        g = torch.Generator().manual_seed(seed)
        slope = torch.randn(n, 1, 1, generator=g)
        t = torch.linspace(0, 1, seq_len).view(1, seq_len, 1)
        mix = torch.randn(1, 1, n_features, generator=torch.Generator().manual_seed(1234))
        self.x = slope * t * mix + 0.3 * torch.randn(n, seq_len, n_features, generator=g)
        self.y = (slope.view(-1) > 0).long()

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
