import torch
from torch.utils.data import Dataset


class SyntheticImageFolder(Dataset):
    def __init__(self, num_images=320, num_classes=100, image_size=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.targets = torch.randint(0, num_classes, (num_images,), generator=g)
        self.images = torch.randn(num_images, 3, image_size, image_size, generator=g)

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, index):
        return self.images[index], self.targets[index]
