import math

import torch
from torch.utils.data import Dataset


class SyntheticXray(Dataset):
    """Procedurally generated chest-film-like images with blob 'findings'."""

    def __init__(self, n, image_size, num_classes, grayscale=True, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = []
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        yy, xx = torch.meshgrid(torch.linspace(-1, 1, image_size),
                                torch.linspace(-1, 1, image_size), indexing="ij")
        for i in range(n):
            base = 0.4 + 0.1 * torch.randn(image_size, image_size, generator=g)
            lab = int(self.labels[i])
            for k in range(lab):
                cx, cy = (torch.rand(2, generator=g) * 1.2 - 0.6).tolist()
                base += 0.8 * torch.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / 0.02)
            img = base.clamp(0, 2).unsqueeze(0)
            if not grayscale:
                img = img.repeat(3, 1, 1)
            self.images.append(img)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        img = self.images[idx]
        img = (img - img.mean()) / (img.std() + 1e-6)
        return img, self.labels[idx]
