import torch
from torch.utils.data import Dataset


class yoloDataset(Dataset):
    """Synthetic boxes on 56x56 images, targets encoded as 7x7x14 like the VOC version."""
    image_size = 56

    def __init__(self, n=64, S=7, B=2, C=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.imgs = torch.rand(n, 3, self.image_size, self.image_size, generator=g) * 0.1
        self.targets = torch.zeros(n, S, S, B * 5 + C)
        for i in range(n):
            cx, cy = torch.randint(0, S, (2,), generator=g).tolist()
            cls = int(torch.randint(0, C, (1,), generator=g))
            x0, y0 = cx * 8, cy * 8
            self.imgs[i, cls % 3, y0:y0 + 8, x0:x0 + 8] = 1.0
            self.targets[i, cy, cx, 4] = 1
            self.targets[i, cy, cx, 9] = 1
            self.targets[i, cy, cx, 0:4] = torch.tensor([0.5, 0.5, 0.14, 0.14])
            self.targets[i, cy, cx, 5:9] = torch.tensor([0.5, 0.5, 0.14, 0.14])
            self.targets[i, cy, cx, 10 + cls] = 1

    def __len__(self):
        return len(self.imgs)

    def __getitem__(self, idx):
        return self.imgs[idx], self.targets[idx]
