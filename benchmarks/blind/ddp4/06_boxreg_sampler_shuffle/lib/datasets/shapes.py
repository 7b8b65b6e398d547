import torch
from torch.utils.data import Dataset


class ShapesDataset(Dataset):
    """One filled square (class 0) or cross (class 1) per image; target = class + normalised box."""

    def __init__(self, num_images=512, image_size=40, seed=3):
        g = torch.Generator().manual_seed(seed)
        s = image_size
        self.images = 0.1 * torch.rand(num_images, 1, s, s, generator=g)
        self.labels = torch.randint(0, 2, (num_images,), generator=g)
        self.boxes = torch.zeros(num_images, 4)
        for i in range(num_images):
            w, h = torch.randint(6, s // 2, (2,), generator=g).tolist()
            x0 = int(torch.randint(0, s - w, (1,), generator=g))
            y0 = int(torch.randint(0, s - h, (1,), generator=g))
            if self.labels[i] == 0:
                self.images[i, 0, y0 : y0 + h, x0 : x0 + w] = 1.0
            else:
                self.images[i, 0, y0 + h // 2, x0 : x0 + w] = 1.0
                self.images[i, 0, y0 : y0 + h, x0 + w // 2] = 1.0
            self.boxes[i] = torch.tensor([(x0 + w / 2) / s, (y0 + h / 2) / s, w / s, h / s])

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        return self.images[idx], self.labels[idx], self.boxes[idx]
