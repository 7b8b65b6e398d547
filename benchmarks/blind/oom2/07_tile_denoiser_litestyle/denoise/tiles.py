import torch
from torch.utils.data import Dataset


class NoisyTiles(Dataset):
    """4-band (RGB+NIR) smooth 'satellite' tiles with sensor noise."""

    def __init__(self, n, size, sigma, seed):
        g = torch.Generator().manual_seed(seed)
        low = torch.rand(n, 4, size // 8, size // 8, generator=g)
        self.clean = torch.nn.functional.interpolate(low, size=(size, size), mode="bilinear", align_corners=False)
        self.noisy = self.clean + sigma * torch.randn(self.clean.shape, generator=g)

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, i):
        return self.noisy[i], self.clean[i]
