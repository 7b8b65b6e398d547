import torch
from torch.utils.data import Dataset


class SyntheticShapes(Dataset):
    """Random colour images whose class is encoded by a bright patch location."""

    def __init__(self, n, image_size, in_channels, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.rand(n, in_channels, image_size, image_size, generator=g) * 0.3
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        cells = int(num_classes ** 0.5) + 1
        step = image_size // cells
        for i, y in enumerate(self.labels.tolist()):
            r, c = divmod(y, cells)
            self.images[i, :, r * step:(r + 1) * step, c * step:(c + 1) * step] += 0.7
        self.mean = self.images.mean(dim=(0, 2, 3), keepdim=True)[0]
        self.std = self.images.std(dim=(0, 2, 3), keepdim=True)[0]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        x = (self.images[idx] - self.mean) / self.std
        return x, self.labels[idx]
