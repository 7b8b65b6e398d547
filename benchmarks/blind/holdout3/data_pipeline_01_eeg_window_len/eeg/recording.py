import numpy as np


def simulate_recording(n_samples=6000, n_channels=8, fs=100, seed=0):
    """Background EEG-like noise with intermittent 3 Hz spike-wave bursts."""
    rng = np.random.default_rng(seed)
    t = np.arange(n_samples) / fs
    x = np.cumsum(rng.normal(0, 0.3, (n_samples, n_channels)), axis=0)
    x -= np.convolve(x[:, 0], np.ones(50) / 50, mode="same")[:, None]
    labels = np.zeros(n_samples, dtype=np.int64)
    start = 300
    while start < n_samples - 200:
        length = int(rng.integers(100, 300))
        labels[start:start + length] = 1
        burst = 3.0 * np.sin(2 * np.pi * 3 * t[start:start + length])[:, None]
        x[start:start + length] += burst * rng.uniform(0.5, 1.5, n_channels)
        start += length + int(rng.integers(300, 900))
    x = (x - x.mean(0)) / x.std(0)
    return x.astype(np.float32), labels
