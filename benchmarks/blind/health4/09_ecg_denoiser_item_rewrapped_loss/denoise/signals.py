import math
import torch


def make_ecg_like(n=1024, length=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.linspace(0, 1, length)
    clean = []
    for _ in range(n):
        hr = 3 + 2 * torch.rand(1, generator=g).item()
        phase = torch.rand(1, generator=g).item()
        beat = torch.exp(-((torch.frac(t * hr + phase) - 0.5) ** 2) / 0.0015)
        wave = 0.3 * torch.sin(2 * math.pi * (t * hr + phase))
        clean.append(beat + wave)
    clean = torch.stack(clean).unsqueeze(1)
    noisy = clean + 0.35 * torch.randn(clean.shape, generator=g)
    return clean, noisy
