import numpy as np


def make_signals(n, length, noise_std, seed):
    """Sums of damped sinusoids (clean) and the same signals with white noise (noisy)."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0.0, 1.0, length, dtype=np.float32)
    clean = np.zeros((n, length), dtype=np.float32)
    for k in range(3):
        freq = rng.uniform(5, 80, size=(n, 1)).astype(np.float32)
        phase = rng.uniform(0, 2 * np.pi, size=(n, 1)).astype(np.float32)
        decay = rng.uniform(0.0, 3.0, size=(n, 1)).astype(np.float32)
        clean += np.sin(2 * np.pi * freq * t + phase) * np.exp(-decay * t) / (k + 1)
    noisy = clean + noise_std * rng.standard_normal(clean.shape).astype(np.float32)
    return noisy[:, None, :], clean[:, None, :]
