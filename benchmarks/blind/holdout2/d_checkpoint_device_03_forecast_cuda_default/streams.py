import math

import torch
from torch.utils.data import IterableDataset, get_worker_info


def make_series(n_series, length, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length, dtype=torch.float32)
    period = 20 + 60 * torch.rand(n_series, 1, generator=g)
    trend = 0.002 * torch.randn(n_series, 1, generator=g) * t
    season = torch.sin(2 * math.pi * t / period) + 0.5 * torch.sin(2 * math.pi * t / (period / 3))
    return season + trend + 0.1 * torch.randn(n_series, length, generator=g)


class RandomWindows(IterableDataset):
    """Streams (history, future) windows sampled at random from a bank of series."""

    def __init__(self, series, window, horizon, n_windows, seed=0):
        self.series, self.window, self.horizon = series, window, horizon
        self.n_windows, self.seed = n_windows, seed

    def __iter__(self):
        info = get_worker_info()
        wid = info.id if info else 0
        nw = info.num_workers if info else 1
        g = torch.Generator().manual_seed(self.seed + wid)
        span = self.window + self.horizon
        for _ in range(self.n_windows // nw):
            s = int(torch.randint(self.series.shape[0], (1,), generator=g))
            start = int(torch.randint(self.series.shape[1] - span, (1,), generator=g))
            chunk = self.series[s, start:start + span]
            yield chunk[: self.window].unsqueeze(0), chunk[self.window:]
