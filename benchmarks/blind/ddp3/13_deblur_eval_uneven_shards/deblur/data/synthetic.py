import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class BlurPairs(Dataset):
    def __init__(self, n, size=24, seed=0):
        g = torch.Generator().manual_seed(seed)
        sharp = torch.zeros(n, 1, size, size)
        for i in range(n):
            for _ in range(3):
                x0, y0 = torch.randint(0, size - 6, (2,), generator=g).tolist()
                w, h = torch.randint(3, 8, (2,), generator=g).tolist()
                sharp[i, 0, y0:y0 + h, x0:x0 + w] = torch.rand(1, generator=g)
        k = torch.ones(1, 1, 5, 5) / 25.0
        self.blur = F.conv2d(sharp, k, padding=2)
        self.sharp = sharp

    def __len__(self):
        return len(self.sharp)

    def __getitem__(self, i):
        return self.blur[i], self.sharp[i]
