import torch
from torch.utils.data import Dataset


class RandomShapes(Dataset):
    """Grayscale images of random discs on a noisy background; the mask marks disc pixels."""

    def __init__(self, num_images, image_size, max_shapes, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(image_size), torch.arange(image_size), indexing="ij")
        self.images, self.masks = [], []
        for _ in range(num_images):
            mask = torch.zeros(image_size, image_size)
            for _ in range(int(torch.randint(1, max_shapes + 1, (1,), generator=g))):
                cy, cx = torch.randint(0, image_size, (2,), generator=g).tolist()
                r = int(torch.randint(image_size // 16, image_size // 5, (1,), generator=g))
                mask[(yy - cy) ** 2 + (xx - cx) ** 2 <= r * r] = 1.0
            img = 0.6 * mask + 0.25 * torch.randn(image_size, image_size, generator=g)
            self.images.append(img.unsqueeze(0))
            self.masks.append(mask.unsqueeze(0))

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], self.masks[i]
