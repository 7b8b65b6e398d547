import numpy as np


def detrend(x):
    """Remove a per-channel linear trend. x: (channels, time)."""
    t = np.arange(x.shape[-1])
    coef = np.polyfit(t, x.T, deg=1)
    trend = np.outer(coef[0], t) + coef[1][:, None]
    return (x - trend).astype(x.dtype)


def normalize(x, eps=1e-6):
    return (x - x.mean(axis=-1, keepdims=True)) / (x.std(axis=-1, keepdims=True) + eps)


def preprocess(window):
    return normalize(detrend(window))
