import numpy as np
import torch
from torch.utils.data import Dataset


class MyData(Dataset):
    """Synthetic repetition videos: a blob that moves back and forth `count` times."""

    def __init__(self, num_videos, num_frames, size=32, seed=0):
        rng = np.random.default_rng(seed)
        self.videos, self.labels = [], []
        t = np.linspace(0, 1, num_frames)
        yy, xx = np.mgrid[0:size, 0:size] / size
        for _ in range(num_videos):
            count = int(rng.integers(2, 7))
            pos = 0.5 + 0.3 * np.sin(2 * np.pi * count * t)
            frames = np.exp(-((xx[None] - pos[:, None, None]) ** 2 + (yy[None] - 0.5) ** 2) / 0.01)
            frames = np.repeat(frames[None], 3, axis=0) + 0.05 * rng.standard_normal((3, num_frames, size, size))
            self.videos.append(frames.astype(np.float32))
            density = np.full(num_frames, count / num_frames, dtype=np.float32)
            self.labels.append(density)

    def __len__(self):
        return len(self.videos)

    def __getitem__(self, idx):
        return torch.from_numpy(self.videos[idx]), torch.from_numpy(self.labels[idx])
