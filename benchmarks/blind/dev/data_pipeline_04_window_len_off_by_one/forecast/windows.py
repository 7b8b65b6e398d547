import torch
from torch.utils.data import Dataset


class SlidingWindowDataset(Dataset):
    """(past `window` steps) -> next step, over a 1-D univariate series."""

    def __init__(self, series: torch.Tensor, window: int):
        self.series = series.float()
        self.window = window

    def __len__(self):
        return len(self.series) - self.window + 1

    def __getitem__(self, idx):
        x = self.series[idx : idx + self.window]
        y = self.series[idx + self.window]
        return x.unsqueeze(-1), y


def make_series(n=300, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n, dtype=torch.float32)
    seasonal = torch.sin(2 * torch.pi * t / 24) + 0.5 * torch.sin(2 * torch.pi * t / 168)
    return seasonal + 0.01 * t + 0.1 * torch.randn(n, generator=g)
