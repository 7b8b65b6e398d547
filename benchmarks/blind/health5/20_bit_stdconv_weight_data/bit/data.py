import torch
from torch.utils.data import TensorDataset


def plankton_patches(n=384, size=16, n_classes=4, seed=0):
    """Microscope patches: 4 plankton morphologies (ring, bar, cross, dot), random position/colour."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n,), generator=g)
    r = torch.arange(size).float()
    yy, xx = torch.meshgrid(r, r, indexing="ij")
    imgs = 0.15 * torch.randn(n, 3, size, size, generator=g)
    for i in range(n):
        cy, cx = (4 + 8 * torch.rand(2, generator=g)).tolist()
        d = ((yy - cy) ** 2 + (xx - cx) ** 2).sqrt()
        k = int(y[i])
        if k == 0:
            m = ((d > 2.5) & (d < 4)).float()
        elif k == 1:
            m = ((yy - cy).abs() < 1.2).float() * ((xx - cx).abs() < 5).float()
        elif k == 2:
            m = (((yy - cy).abs() < 1) | ((xx - cx).abs() < 1)).float() * (d < 5).float()
        else:
            m = (d < 2).float()
        imgs[i] += m * (0.5 + torch.rand(3, 1, 1, generator=g))
    return TensorDataset(imgs, y)
