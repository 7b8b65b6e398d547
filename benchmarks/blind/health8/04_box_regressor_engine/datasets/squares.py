import torch
from torch.utils.data import Dataset


class SquaresDataset(Dataset):
    """One bright rectangle per image; target = class id and normalised cxcywh box."""

    def __init__(self, n, size=24, num_classes=3, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images, self.targets = [], []
        for _ in range(n):
            cls = int(torch.randint(num_classes, (1,), generator=g))
            w, h = [int(v) for v in torch.randint(4, 12, (2,), generator=g)]
            x0 = int(torch.randint(0, size - w, (1,), generator=g))
            y0 = int(torch.randint(0, size - h, (1,), generator=g))
            img = 0.1 * torch.randn(3, size, size, generator=g)
            img[cls, y0:y0 + h, x0:x0 + w] += 1.0
            box = torch.tensor([(x0 + w / 2) / size, (y0 + h / 2) / size, w / size, h / size])
            self.images.append(img)
            self.targets.append({"labels": torch.tensor(cls), "boxes": box})

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], self.targets[i]


def collate_fn(batch):
    imgs = torch.stack([b[0] for b in batch])
    targets = {k: torch.stack([b[1][k] for b in batch]) for k in batch[0][1]}
    return imgs, targets
