import torch
from torch.utils.data import Dataset


class CropPatches(Dataset):
    """Synthetic labelled crop patches (4 disease classes)."""

    def __init__(self, n, size, num_classes, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, num_classes, (n,), generator=g)
        self.x = torch.randn(n, 3, size, size, generator=g) * 0.5
        for i, c in enumerate(self.y.tolist()):
            self.x[i, c % 3] += 0.5 + 0.25 * c

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
