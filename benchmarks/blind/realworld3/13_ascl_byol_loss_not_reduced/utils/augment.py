import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class TwoCropsDataset(Dataset):
    """synthetic 32x32 RGB images, each returned as two random augmentations"""

    def __init__(self, n, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.rand(n, 3, 32, 32, generator=g)
        self.labels = torch.randint(0, 10, (n,), generator=g)
        for i, y in enumerate(self.labels.tolist()):
            self.images[i, y % 3, 3 * y:3 * y + 3, :] = 1.0

    def __len__(self):
        return len(self.images)

    @staticmethod
    def augment(x):
        if torch.rand(1).item() < 0.5:
            x = x.flip(-1)
        pad = F.pad(x.unsqueeze(0), (4, 4, 4, 4), mode='reflect')[0]
        i, j = torch.randint(0, 9, (2,)).tolist()
        x = pad[:, i:i + 32, j:j + 32]
        return (x * (0.6 + 0.8 * torch.rand(3, 1, 1))).clamp(0, 1)

    def __getitem__(self, idx):
        x = self.images[idx]
        return self.augment(x), self.augment(x), self.labels[idx]
