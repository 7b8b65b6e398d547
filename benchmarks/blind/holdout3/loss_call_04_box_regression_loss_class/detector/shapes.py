import torch
from torch.utils.data import Dataset

CLASSES = ["square", "bar", "cross"]


class ShapesDataset(Dataset):
    """48x48 images with one shape; target box is (cx, cy, w, h) normalised to [0, 1]."""

    def __init__(self, n, size=48, seed=0):
        self.n, self.size, self.seed = n, size, seed

    def __len__(self):
        return self.n

    def __getitem__(self, idx):
        g = torch.Generator().manual_seed(self.seed * 100003 + idx)
        s = self.size
        img = 0.1 * torch.randn(3, s, s, generator=g)
        cls = int(torch.randint(0, len(CLASSES), (1,), generator=g))
        w, h = torch.randint(8, 22, (2,), generator=g).tolist()
        if cls == 1:
            h = max(4, h // 4)
        x0 = int(torch.randint(0, s - w, (1,), generator=g))
        y0 = int(torch.randint(0, s - h, (1,), generator=g))
        color = torch.rand(3, 1, 1, generator=g) + 0.5
        if cls == 2:
            img[:, y0 + h // 2 - 2: y0 + h // 2 + 2, x0:x0 + w] += color
            img[:, y0:y0 + h, x0 + w // 2 - 2: x0 + w // 2 + 2] += color
        else:
            img[:, y0:y0 + h, x0:x0 + w] += color
        box = torch.tensor([(x0 + w / 2) / s, (y0 + h / 2) / s, w / s, h / s])
        return img, cls, box
