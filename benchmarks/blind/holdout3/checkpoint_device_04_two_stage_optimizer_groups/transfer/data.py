import torch
from torch.utils.data import TensorDataset


def gradient_images(n, num_classes, size=24, seed=0):
    """Each class is an oriented colour gradient."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    lin = torch.linspace(-1, 1, size)
    yy, xx = torch.meshgrid(lin, lin, indexing="ij")
    angles = torch.arange(num_classes) * (3.14159 / num_classes)
    x = torch.empty(n, 3, size, size)
    for i in range(n):
        a = angles[y[i]]
        ramp = torch.cos(a) * xx + torch.sin(a) * yy
        x[i] = ramp.expand(3, -1, -1) * torch.rand(3, 1, 1, generator=g) + 0.3 * torch.randn(3, size, size, generator=g)
    return TensorDataset(x, y)
