import torch
from torch.utils.data import Dataset

# 10 fixed 8x8 prototypes; samples are noisy, shifted copies of them
_G = torch.Generator().manual_seed(42)
PROTOTYPES = (torch.rand(10, 8, 8, generator=_G) > 0.6).float()


class NoisyDigits(Dataset):
    def __init__(self, n, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, 10, (n,), generator=g)
        imgs = PROTOTYPES[self.y]
        shifts = torch.randint(-1, 2, (n, 2), generator=g)
        self.x = torch.stack([torch.roll(im, tuple(s.tolist()), dims=(0, 1)) for im, s in zip(imgs, shifts)])
        self.x = (self.x + 0.3 * torch.randn(self.x.shape, generator=g)).unsqueeze(1)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
