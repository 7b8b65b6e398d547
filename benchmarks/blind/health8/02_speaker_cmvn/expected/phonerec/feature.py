import numpy as np


def log_fbank(power_spec, n_mels=40, scale=100.0):
    """Very small mel-ish filterbank: average adjacent FFT bins, then log-compress."""
    n_bins = power_spec.shape[1]
    edges = np.linspace(0, n_bins, n_mels + 1).astype(int)
    fb = np.stack([power_spec[:, a:b].mean(axis=1) for a, b in zip(edges[:-1], edges[1:])], axis=1)
    return np.log1p(scale * fb)


def feature_cmvn(feature, spk_mean=None, spk_std=None):
    """Mean/variance normalisation over the frames of one speaker."""
    if spk_mean is None:
        spk_mean = np.mean(feature, axis=0)
    if spk_std is None:
        spk_std = np.std(feature, axis=0)
    spk_std = spk_std + (spk_std == 0.)
    return (feature - spk_mean) / spk_std
