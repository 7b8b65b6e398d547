import torch
from torch.utils.data import Dataset


class ShapesTagging(Dataset):
    """Random 32x32 RGB images; each image gets any subset of 5 procedural 'tags'."""

    def __init__(self, n_images, image_size, tags, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.tags = tags
        self.images = []
        self.targets = []
        yy, xx = torch.meshgrid(torch.arange(image_size), torch.arange(image_size), indexing="ij")
        for _ in range(n_images):
            img = torch.full((3, image_size, image_size), 0.5)
            present = torch.rand(len(tags), generator=g) < 0.4
            c = image_size // 2
            if present[0]:
                img[0][(yy - c) ** 2 + (xx - c) ** 2 < (image_size // 4) ** 2] = 1.0
            if present[1]:
                img[1, 4:12, 4:12] = 1.0
            if present[2]:
                img[2, :, ::4] = 1.0
            if present[3]:
                img += 0.3 * torch.randn(img.shape, generator=g)
            if present[4]:
                img *= 0.3
            target = torch.zeros(len(tags))
            target[present] = 1
            self.images.append(img)
            self.targets.append(target)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        return {"image": self.images[idx], "target": self.targets[idx]}
