import torch
from torch.utils.data import Dataset


class SyntheticShapes(Dataset):
    """Random RGB images whose class is encoded in the mean color of a patch."""

    def __init__(self, n, image_size, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.rand(n, 3, image_size, image_size, generator=g)
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        for i, y in enumerate(self.labels.tolist()):
            self.images[i, y % 3, :8, :8] += 0.1 * y

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = (self.images[idx] - 0.5) / 0.5
        return img, self.labels[idx]
