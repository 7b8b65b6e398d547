import os

import numpy as np

SPECIES = ["amerob", "bkcchi", "norcar", "houspa", "mallar", "bluja"]


def synth_spectrogram(cls, n_mels, frames, rng):
    spec = rng.gamma(1.0, 0.05, size=(n_mels, frames)).astype(np.float32)
    start = rng.integers(0, frames // 2)
    length = rng.integers(frames // 4, frames // 2)
    f0 = 4 + 4 * cls + rng.normal(0, 0.8)
    slope = (cls % 3 - 1) * 0.15
    for t in range(start, min(frames, start + length)):
        f = int(np.clip(f0 + slope * (t - start), 0, n_mels - 1))
        spec[max(0, f - 1):f + 2, t] += rng.uniform(0.6, 1.0)
        if cls >= 3:
            spec[min(n_mels - 1, 2 * f) % n_mels, t] += 0.4
    return np.log1p(spec * 10)


def load_or_create(path, n_per_class, n_mels, frames, seed):
    if os.path.exists(path):
        d = np.load(path)
        return d["x"], d["y"]
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for c in range(len(SPECIES)):
        for _ in range(n_per_class):
            xs.append(synth_spectrogram(c, n_mels, frames, rng))
            ys.append(c)
    x, y = np.stack(xs)[:, None], np.array(ys, dtype=np.int64)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.savez_compressed(path, x=x, y=y)
    return x, y
