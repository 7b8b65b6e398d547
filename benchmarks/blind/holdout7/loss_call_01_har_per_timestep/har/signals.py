import numpy as np
import torch
from torch.utils.data import Dataset

ACTIVITIES = ["still", "walk", "run", "stairs", "cycle"]
FREQ = {0: 0.0, 1: 1.8, 2: 2.8, 3: 1.4, 4: 1.1}
AMP = {0: 0.05, 1: 0.6, 2: 1.2, 3: 0.8, 4: 0.5}


def simulate_recording(rng, length=256, channels=6, fs=32.0):
    """IMU-like recording made of activity segments; returns signal (L, C) and per-sample labels (L,)."""
    labels = np.empty(length, dtype=np.int64)
    pos = 0
    while pos < length:
        seg = int(rng.integers(24, 96))
        labels[pos:pos + seg] = rng.integers(len(ACTIVITIES))
        pos += seg
    t = np.arange(length) / fs
    sig = np.zeros((length, channels), dtype=np.float32)
    phase = rng.uniform(0, 2 * np.pi, size=channels)
    for c in range(channels):
        f = np.vectorize(FREQ.get)(labels) * (1 + 0.1 * c)
        a = np.vectorize(AMP.get)(labels)
        sig[:, c] = a * np.sin(2 * np.pi * f * t + phase[c])
    sig += rng.normal(0, 0.1, size=sig.shape)
    sig[:, 2] += 1.0
    return sig, labels


def make_windows(sig, labels, window, stride):
    xs, ys = [], []
    for start in range(0, len(sig) - window + 1, stride):
        xs.append(sig[start:start + window])
        ys.append(labels[start:start + window])
    return xs, ys


class HARWindows(Dataset):
    def __init__(self, subjects, cfg, seed):
        xs, ys = [], []
        for s in subjects:
            rng = np.random.default_rng(seed * 1000 + s)
            for _ in range(cfg["recordings_per_subject"]):
                sig, lab = simulate_recording(rng, channels=cfg["channels"])
                wx, wy = make_windows(sig, lab, cfg["window"], cfg["stride"])
                xs += wx
                ys += wy
        self.x = torch.from_numpy(np.stack(xs))
        self.y = torch.from_numpy(np.stack(ys))

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
