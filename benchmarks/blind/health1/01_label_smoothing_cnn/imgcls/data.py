import torch
from torch.utils.data import Dataset, DataLoader


class SyntheticShapes(Dataset):
    """Tiny synthetic RGB 'shapes' dataset: the class decides which quadrant is bright."""

    def __init__(self, n=512, size=16, num_classes=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.randint(0, 60, (n, 3, size, size), generator=g).to(torch.uint8)
        self.labels = torch.randint(0, num_classes, (n,), generator=g)
        half = size // 2
        for i, y in enumerate(self.labels.tolist()):
            r, c = divmod(y, 2)
            self.images[i, :, r * half:(r + 1) * half, c * half:(c + 1) * half] += 180

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = self.images[idx].float()
        return img, self.labels[idx]


def make_loaders(batch_size, seed=0):
    train = SyntheticShapes(n=256, seed=seed)
    val = SyntheticShapes(n=64, seed=seed + 1)
    return (
        DataLoader(train, batch_size=batch_size, shuffle=True),
        DataLoader(val, batch_size=batch_size),
    )
