import torch
from torch.utils.data import Dataset


class SyntheticReviews(Dataset):
    """Bag-of-token 'reviews': each of the 4 topics prefers its own slice of the vocabulary."""

    def __init__(self, n=2000, vocab=400, n_classes=4, length=24, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, n_classes, (n,), generator=g)
        span = vocab // n_classes
        topical = self.y.view(-1, 1) * span + torch.randint(0, span, (n, length // 2), generator=g)
        noise = torch.randint(0, vocab, (n, length - length // 2), generator=g)
        self.x = torch.cat([topical, noise], dim=1)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
