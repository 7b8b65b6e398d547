import math

import torch
from torch.utils.data import Dataset

KINDS = ["stripes_h", "stripes_v", "checker", "rings", "noise"]


def render(kind, size, g):
    yy, xx = torch.meshgrid(torch.arange(size, dtype=torch.float32),
                            torch.arange(size, dtype=torch.float32), indexing="ij")
    f = 0.3 + 0.4 * float(torch.rand((), generator=g))
    phase = 2 * math.pi * float(torch.rand((), generator=g))
    if kind == "stripes_h":
        img = torch.sin(f * yy + phase)
    elif kind == "stripes_v":
        img = torch.sin(f * xx + phase)
    elif kind == "checker":
        img = torch.sign(torch.sin(f * xx + phase) * torch.sin(f * yy))
    elif kind == "rings":
        c = size / 2
        img = torch.sin(f * torch.sqrt((xx - c) ** 2 + (yy - c) ** 2) + phase)
    else:
        img = torch.randn(size, size, generator=g)
    return img.unsqueeze(0)


class TextureDataset(Dataset):
    def __init__(self, n, size=32, seed=0, transform=None):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, len(KINDS), (n,), generator=g)
        self.images = [render(KINDS[int(k)], size, g) for k in self.labels]
        self.transform = transform

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img = self.images[i]
        if self.transform is not None:
            img = self.transform(img)
        return img, self.labels[i]
