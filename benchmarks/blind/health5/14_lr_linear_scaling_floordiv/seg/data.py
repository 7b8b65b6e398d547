import torch
from torch.utils.data import TensorDataset


def crack_images(n_images, size, seed):
    """Concrete-surface patches with a thin dark crack line; mask = crack pixels."""
    g = torch.Generator().manual_seed(seed)
    imgs = 0.6 + 0.1 * torch.randn(n_images, 1, size, size, generator=g)
    masks = torch.zeros(n_images, 1, size, size)
    for i in range(n_images):
        r0 = int(torch.randint(4, size - 4, (1,), generator=g))
        slope = float(torch.empty(1).uniform_(-0.5, 0.5, generator=g))
        for col in range(size):
            r = int(round(r0 + slope * (col - size / 2)))
            if 0 <= r < size:
                masks[i, 0, r, col] = 1.0
                imgs[i, 0, r, col] -= 0.4
    return TensorDataset(imgs, masks)
