import math

import torch
import torch.nn as nn


def load_sensor_windows(n=256, raw_channels=6, seq_length=64, seed=0):
    """Raw multi-channel sensor windows (synthetic): sines with random phase/frequency per channel."""
    g = torch.Generator().manual_seed(seed)
    t = torch.linspace(0, 2 * math.pi, seq_length)
    freq = torch.rand(n, raw_channels, 1, generator=g) * 3 + 1
    phase = torch.rand(n, raw_channels, 1, generator=g) * 2 * math.pi
    return torch.sin(freq * t + phase)


def to_model_channels(raw, channels=1):
    """The Unet1D expects `channels` input channels, so mix the raw sensor channels down with a conv."""
    torch.manual_seed(0)
    mixer = nn.Conv1d(raw.shape[1], channels, kernel_size=1)
    with torch.no_grad():
        data = mixer(raw)
    return data / data.abs().amax(dim=-1, keepdim=True)
