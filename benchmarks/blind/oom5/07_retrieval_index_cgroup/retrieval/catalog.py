import torch
from torch.utils.data import Dataset


class ProductImages(Dataset):
    """64x64 grayscale 'product photos': a category-specific blob pattern plus per-item jitter."""

    def __init__(self, n, num_categories=16, seed=0):
        g = torch.Generator().manual_seed(1234)
        self.prototypes = torch.randn(num_categories, 1, 8, 8, generator=g)
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_categories, (n,), generator=g)
        self.jitter = 0.5 * torch.randn(n, 1, 8, 8, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        y = int(self.labels[i])
        small = self.prototypes[y] + self.jitter[i]
        img = torch.nn.functional.interpolate(small[None], size=(64, 64), mode="bilinear", align_corners=False)[0]
        return img, y
