import math
import os
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader


def write_synthetic_wavs(folder, n=24, sample_rate=8000, seed=0):
    """mixed-length 'recordings' (like librispeech: utterances of different durations)"""
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(seed)
    for i in range(n):
        path = os.path.join(folder, f"utt_{i:03d}.npy")
        if os.path.exists(path):
            continue
        dur = rng.uniform(0.3, 1.2)
        t = np.arange(int(dur * sample_rate)) / sample_rate
        f0 = rng.uniform(100, 400)
        wav = 0.5 * np.sin(2 * math.pi * f0 * t) + 0.05 * rng.randn(t.size)
        np.save(path, wav.astype(np.float32))


class SoundDataset(Dataset):
    def __init__(self, folder, max_length=None):
        super().__init__()
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".npy"))
        assert len(self.files) > 0, "nothing found at the path"
        self.max_length = max_length

    def __len__(self):
        return len(self.files)

    def __getitem__(self, idx):
        data = torch.from_numpy(np.load(self.files[idx]))
        if self.max_length is not None and data.size(0) > self.max_length:
            start = torch.randint(0, data.size(0) - self.max_length + 1, (1,)).item()
            data = data[start:start + self.max_length]
        return data


def get_dataloader(ds, **kwargs):
    return DataLoader(ds, **kwargs)
