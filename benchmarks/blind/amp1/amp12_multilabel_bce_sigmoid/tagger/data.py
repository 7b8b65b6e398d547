import torch
from torch.utils.data import Dataset


class SyntheticClips(Dataset):
    """Log-mel-like frames; each tag is a band-limited burst at a tag-specific frequency band."""

    n_mels = 32
    n_tags = 5
    frames = 28

    def __init__(self, n, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = 0.3 * torch.randn(n, self.frames, self.n_mels, generator=g)
        self.y = (torch.rand(n, self.n_tags, generator=g) < 0.3).float()
        band = self.n_mels // self.n_tags
        for i in range(n):
            for t in self.y[i].nonzero().flatten().tolist():
                start = int(torch.randint(0, self.frames - 10, (1,), generator=g))
                self.x[i, start:start + 10, t * band:(t + 1) * band] += 1.5

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
