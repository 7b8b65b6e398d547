import numpy as np
import torch
from torch.utils.data import Dataset

ACTIVITIES = ["walking", "upstairs", "downstairs", "sitting", "standing", "lying"]


def simulate_recording(n_steps=3000, n_channels=3, seed=0):
    """Fake tri-axial accelerometer recording with piecewise-constant activity labels."""
    rng = np.random.default_rng(seed)
    labels = np.repeat(rng.integers(0, len(ACTIVITIES), size=n_steps // 150 + 1), 150)[:n_steps]
    t = np.arange(n_steps)
    freq = 0.02 + 0.03 * labels
    signal = np.stack([np.sin(2 * np.pi * freq * t + c) * (1 + 0.2 * labels) for c in range(n_channels)], axis=1)
    signal += 0.2 * rng.normal(size=signal.shape)
    return signal.astype(np.float32), labels.astype(np.int64)


class WindowDataset(Dataset):
    """Slides a fixed window over the recording; label = activity at the window's last step."""

    def __init__(self, signal, labels, window=128, stride=64):
        assert len(signal) == len(labels)
        self.signal = signal
        self.labels = labels
        self.window = window
        self.stride = stride

    def __len__(self):
        return (len(self.signal) - self.window) // self.stride + 1

    def __getitem__(self, idx):
        start = idx * self.stride
        end = start + self.window
        x = torch.from_numpy(self.signal[start:end].T.copy())  # (channels, window)
        y = int(self.labels[end - 1])
        return x, y
