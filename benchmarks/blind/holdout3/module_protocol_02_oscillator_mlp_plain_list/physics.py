import math

import torch


def damped_oscillator(t, omega, zeta, x0, v0):
    """Closed-form underdamped solution (zeta < 1)."""
    wd = omega * torch.sqrt(1 - zeta ** 2)
    a = x0
    b = (v0 + zeta * omega * x0) / wd
    return torch.exp(-zeta * omega * t) * (a * torch.cos(wd * t) + b * torch.sin(wd * t))


def sample_batch(n, generator):
    u = lambda lo, hi: lo + (hi - lo) * torch.rand(n, generator=generator, dtype=torch.float64)
    t, omega, zeta = u(0, 2 * math.pi), u(0.5, 3.0), u(0.05, 0.6)
    x0, v0 = u(-1, 1), u(-1, 1)
    inputs = torch.stack([t, omega, zeta, x0, v0], dim=1)
    target = damped_oscillator(t, omega, zeta, x0, v0).unsqueeze(1)
    return inputs, target
