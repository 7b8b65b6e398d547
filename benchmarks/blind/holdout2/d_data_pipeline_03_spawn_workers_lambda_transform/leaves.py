import torch
from torch.utils.data import Dataset

CLASSES = ["healthy", "rust", "scab"]


class SyntheticLeaves(Dataset):
    """uint8 RGB 'leaf photos': green background with class-specific spots."""

    def __init__(self, n, transform=None, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(len(CLASSES), (n,), generator=g)
        base = torch.tensor([60.0, 140.0, 50.0]).view(3, 1, 1)
        imgs = base + 25 * torch.randn(n, 3, 28, 28, generator=g)
        spots = torch.rand(n, 1, 28, 28, generator=g) < 0.08
        tint = torch.tensor([[0, 0, 0], [120, -60, -30], [-30, -60, -20]], dtype=torch.float32)
        imgs = imgs + spots * tint[self.labels].view(n, 3, 1, 1)
        self.images = imgs.clamp(0, 255).to(torch.uint8)
        self.transform = transform

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        img = self.images[i]
        if self.transform is not None:
            img = self.transform(img)
        return img, self.labels[i]
