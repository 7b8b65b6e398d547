import math
import torch
from torch.utils.data import DataLoader, TensorDataset


def stripe_textures(n, num_classes, batch_size, size=24, seed=0):
    """Coloured stripe patches; the class is the stripe orientation."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    imgs = []
    for k in y.tolist():
        theta = k * math.pi / num_classes + 0.1 * torch.randn(1, generator=g).item()
        freq = 0.5 + 0.2 * torch.rand(1, generator=g).item()
        wave = torch.sin(freq * (xx * math.cos(theta) + yy * math.sin(theta)) + 6.28 * torch.rand(1, generator=g).item())
        color = torch.rand(3, 1, 1, generator=g) + 0.3
        imgs.append(color * wave + 0.3 * torch.randn(3, size, size, generator=g))
    return DataLoader(TensorDataset(torch.stack(imgs), y), batch_size=batch_size, shuffle=True)
