import numpy as np
import torch
from torch.utils.data import Dataset


class NextHourDataset(Dataset):
    """Predict the next hour's PM2.5 from the previous `window` hours of all sensors."""

    def __init__(self, series, window, target_col=0, mean=None, std=None):
        self.mean = series.mean(0) if mean is None else mean
        self.std = series.std(0) + 1e-6 if std is None else std
        self.series = ((series - self.mean) / self.std).astype(np.float32)
        self.window = window
        self.target_col = target_col

    def __len__(self):
        return len(self.series) - self.window

    def __getitem__(self, idx):
        x = self.series[idx:idx + self.window]
        y = self.series[idx + self.window, self.target_col]
        return torch.from_numpy(x), torch.tensor(y)


def chronological_split(series, window, val_frac=0.2):
    cut = int(len(series) * (1 - val_frac))
    train = NextHourDataset(series[:cut], window)
    val = NextHourDataset(series[cut - window:], window, mean=train.mean, std=train.std)
    return train, val
