import torch
from torch.utils.data import TensorDataset


def make_noisy_images(n, size=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    xs = torch.linspace(0, 1, size)
    freq = torch.rand(n, 1, 1, generator=g) * 4 + 1
    phase = torch.rand(n, 1, 1, generator=g) * 3.14
    clean = torch.sin(freq * xs[None, :, None] * 6.28 + phase) * torch.cos(freq * xs[None, None, :] * 6.28)
    clean = clean.unsqueeze(1)
    sigma = torch.rand(n, generator=g) * 0.4 + 0.05
    noisy = clean + sigma[:, None, None, None] * torch.randn(clean.shape, generator=g)
    return TensorDataset(noisy, clean, sigma)
