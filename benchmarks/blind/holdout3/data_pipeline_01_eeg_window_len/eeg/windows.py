import numpy as np
import torch
from torch.utils.data import Dataset


class NextStepWindows(Dataset):
    """Sliding windows over a multichannel recording; the target is the state
    annotated for the sample that immediately follows each window."""

    def __init__(self, signal, labels, window, stride=1):
        assert len(signal) == len(labels)
        self.signal = signal
        self.labels = labels
        self.window = window
        self.stride = stride

    def __len__(self):
        return (len(self.signal) - self.window) // self.stride + 1

    def __getitem__(self, idx):
        start = idx * self.stride
        x = self.signal[start:start + self.window].T
        y = self.labels[start + self.window]
        return torch.from_numpy(np.ascontiguousarray(x)), torch.tensor(y, dtype=torch.long)
