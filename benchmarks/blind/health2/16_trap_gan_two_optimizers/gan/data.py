import math

import torch


class RingOfGaussians:
    def __init__(self, n_modes=8, radius=2.0, std=0.05):
        angles = torch.arange(n_modes) * 2 * math.pi / n_modes
        self.centers = torch.stack([radius * torch.cos(angles), radius * torch.sin(angles)], dim=1)
        self.std = std

    def sample(self, n):
        idx = torch.randint(0, len(self.centers), (n,))
        return self.centers[idx] + self.std * torch.randn(n, 2)
