import math

import torch


def texture_batches(steps, batch_size, size=128, n_classes=4):
    """Sinusoidal gratings; class = orientation."""
    yy, xx = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
    for _ in range(steps):
        y = torch.randint(0, n_classes, (batch_size,))
        theta = y.float() * math.pi / n_classes
        freq = 8 + 4 * torch.rand(batch_size)
        grating = torch.sin(2 * math.pi * freq[:, None, None] *
                            (xx * torch.cos(theta)[:, None, None] + yy * torch.sin(theta)[:, None, None]))
        x = grating.unsqueeze(1).repeat(1, 3, 1, 1) + 0.3 * torch.randn(batch_size, 3, size, size)
        yield x, y
