import numpy as np


def compute_deltas(spec, width=2):
    """Regression-based delta coefficients along the time axis (last axis)."""
    n = spec.shape[-1]
    padded = np.pad(spec, ((0, 0), (width, width)), mode="edge")
    denom = 2 * sum(k * k for k in range(1, width + 1))
    out = np.zeros_like(spec)
    for k in range(1, width + 1):
        out += k * (padded[:, width + k:width + k + n] - padded[:, width - k:width - k + n])
    return out / denom


def synth_logmel(rng, label, n_mels, n_frames):
    """A fake log-mel spectrogram: a class-dependent formant track plus noise."""
    t = np.linspace(0, 1, n_frames)
    centre = 5 + 4 * label + 3 * np.sin(2 * np.pi * (label + 1) * t)
    bins = np.arange(n_mels)[:, None]
    energy = np.exp(-0.5 * ((bins - centre[None, :]) / 2.0) ** 2)
    noise = rng.normal(0, 0.3, (n_mels, n_frames))
    return np.log(energy + 1e-3) + noise


def make_features(spec, use_deltas):
    if use_deltas:
        return np.concatenate([spec, compute_deltas(spec)], axis=0)
    return spec
