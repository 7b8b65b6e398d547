import torch
from torch.utils.data import TensorDataset


def color_blobs(n, num_classes, size, seed):
    """Class k = a blob of a class-specific colour at a random place."""
    g = torch.Generator().manual_seed(seed)
    palette = torch.rand(num_classes, 3, generator=torch.Generator().manual_seed(1234))
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = 0.2 * torch.randn(n, 3, size, size, generator=g)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    for i in range(n):
        cx, cy = torch.randint(6, size - 6, (2,), generator=g).tolist()
        blob = ((xx - cx) ** 2 + (yy - cy) ** 2 < 25).float()
        x[i] += palette[y[i]][:, None, None] * blob
    return TensorDataset(x, y)
