import math

import torch


def ring_of_gaussians(n, modes=8, radius=2.0, std=0.05):
    k = torch.randint(0, modes, (n,))
    ang = 2 * math.pi * k / modes
    centers = torch.stack([ang.cos(), ang.sin()], 1) * radius
    return centers + std * torch.randn(n, 2)
