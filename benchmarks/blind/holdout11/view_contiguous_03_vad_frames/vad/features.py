"""Synthetic log-mel clips with speech-like bursts; labels are per 10 ms frame."""
import numpy as np
import torch
from torch.utils.data import Dataset


def synth_clip(rng, n_mels, frames):
    labels = np.zeros(frames, dtype=np.int64)
    n_segments = rng.integers(1, 4)
    for _ in range(n_segments):
        start = rng.integers(0, frames - 10)
        length = rng.integers(8, 35)
        labels[start:start + length] = 1
    noise_floor = rng.normal(-6.0, 0.6, size=(n_mels, frames))
    formants = np.exp(-0.5 * ((np.arange(n_mels)[:, None] - rng.integers(5, 20)) / 4.0) ** 2)
    speech = 5.0 * formants * labels[None, :] * rng.uniform(0.6, 1.2, size=(1, frames))
    logmel = noise_floor + speech
    return logmel.astype(np.float32), labels


class VADDataset(Dataset):
    def __init__(self, n_clips, n_mels, frames, seed):
        rng = np.random.default_rng(seed)
        clips = [synth_clip(rng, n_mels, frames) for _ in range(n_clips)]
        feats = np.stack([c[0] for c in clips])
        self.mean = feats.mean(axis=(0, 2), keepdims=True)
        self.std = feats.std(axis=(0, 2), keepdims=True) + 1e-5
        self.feats = torch.from_numpy((feats - self.mean) / self.std)
        self.labels = torch.from_numpy(np.stack([c[1] for c in clips]))

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]   # (n_mels, frames), (frames,)
