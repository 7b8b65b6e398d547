import math
import torch


def accelerometer_windows(n=512, length=96, seed=0):
    """Unlabelled 3-axis accelerometer windows (walking / running / stairs / idle mixtures),
    in raw sensor counts as the wristband firmware logs them (12-bit, +-8 g range, 256 LSB per g)."""
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length).float() / 50.0  # 50 Hz
    freq = torch.tensor([0.0, 1.8, 2.6, 1.2])[torch.randint(0, 4, (n,), generator=g)]
    amp = torch.rand(n, 3, 1, generator=g) * 2 + 0.5
    phase = torch.rand(n, 3, 1, generator=g) * 2 * math.pi
    x = amp * torch.sin(2 * math.pi * freq.view(n, 1, 1) * t + phase)
    x[:, 2] += 1.0  # gravity on the z axis
    x = x + 0.05 * torch.randn(n, 3, length, generator=g)
    return torch.round(x * 256.0)  # 12-bit ADC, +-8 g -> 256 LSB per g
