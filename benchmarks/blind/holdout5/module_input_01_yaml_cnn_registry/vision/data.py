import math

import torch
from torch.utils.data import Dataset


class SyntheticShapes(Dataset):
    """Coloured squares / discs / crosses / stripes drawn on noisy RGB canvases."""

    CLASSES = ("square", "disc", "cross", "stripes")

    def __init__(self, n, image_size=32, channels=3, noise=0.1, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.empty(n, channels, image_size, image_size)
        self.labels = torch.randint(0, len(self.CLASSES), (n,), generator=g)
        yy, xx = torch.meshgrid(torch.arange(image_size), torch.arange(image_size), indexing="ij")
        for i in range(n):
            cx, cy = torch.randint(8, image_size - 8, (2,), generator=g).tolist()
            r = int(torch.randint(4, 8, (1,), generator=g))
            colour = torch.rand(channels, 1, 1, generator=g) * 0.7 + 0.3
            lab = int(self.labels[i])
            if lab == 0:
                mask = ((xx - cx).abs() <= r) & ((yy - cy).abs() <= r)
            elif lab == 1:
                mask = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
            elif lab == 2:
                mask = (((xx - cx).abs() <= 1) & ((yy - cy).abs() <= r)) | (((yy - cy).abs() <= 1) & ((xx - cx).abs() <= r))
            else:
                mask = (torch.sin(xx * math.pi / 3) > 0.3)
            img = noise * torch.randn(channels, image_size, image_size, generator=g)
            img = img + colour * mask.float()
            self.images[i] = img

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.images[idx], self.labels[idx]
