import torch


def znorm_window(w):
    """Per-window, per-channel standardisation (removes device orientation / gain)."""
    mean = w.mean(dim=-1, keepdim=True)
    std = w.std(dim=-1, keepdim=True)
    return (w - mean) / (std + 1e-6)
