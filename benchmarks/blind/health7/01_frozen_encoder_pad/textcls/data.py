import torch
from torch.utils.data import Dataset


class SyntheticReviews(Dataset):
    """Token-id sequences whose class is decided by which keyword band dominates."""

    def __init__(self, n, vocab_size, min_len, max_seq, num_classes, max_len=None, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        band = (vocab_size - 1) // num_classes
        for _ in range(n):
            label = int(torch.randint(num_classes, (1,), generator=g))
            length = int(torch.randint(min_len, max_seq + 1, (1,), generator=g))
            ids = torch.randint(1, vocab_size, (length,), generator=g)
            mask = torch.rand(length, generator=g) < 0.4
            ids[mask] = torch.randint(1 + label * band, 1 + (label + 1) * band, (int(mask.sum()),), generator=g)
            self.samples.append((ids, label))
        self.max_len = max_len

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        ids, label = self.samples[idx]
        if self.max_len:
            ids = ids[: self.max_len]
            ids = torch.cat([ids, ids.new_zeros(self.max_len - len(ids))])
        return ids, label
