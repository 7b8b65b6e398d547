"""Random 32x32 images containing one filled shape; labels are shape kind + normalised centre (cx, cy)."""
import torch
from torch.utils.data import Dataset

SHAPES = ("square", "disk", "cross", "hbar")


def draw(kind, cx, cy, r, size):
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    dx, dy = (xx - cx).abs(), (yy - cy).abs()
    if kind == "square":
        m = (dx <= r) & (dy <= r)
    elif kind == "disk":
        m = dx ** 2 + dy ** 2 <= r ** 2
    elif kind == "cross":
        m = ((dx <= r // 3) & (dy <= r)) | ((dy <= r // 3) & (dx <= r))
    else:
        m = (dx <= r) & (dy <= r // 3)
    return m.float()


class ShapesDataset(Dataset):
    def __init__(self, n, size=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images, self.kinds, self.centres = [], [], []
        for _ in range(n):
            k = int(torch.randint(len(SHAPES), (1,), generator=g))
            r = int(torch.randint(4, 8, (1,), generator=g))
            cx, cy = torch.randint(r, size - r, (2,), generator=g).tolist()
            img = draw(SHAPES[k], cx, cy, r, size).unsqueeze(0)
            img = img + 0.2 * torch.randn(img.shape, generator=g)
            self.images.append(img)
            self.kinds.append(k)
            self.centres.append((cx / size, cy / size))

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        target = {
            "kind": torch.tensor(self.kinds[i]),
            "centre": torch.tensor(self.centres[i], dtype=torch.float32),
        }
        return self.images[i], target
