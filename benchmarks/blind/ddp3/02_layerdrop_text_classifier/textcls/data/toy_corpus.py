import torch
from torch.utils.data import Dataset


class ToyTopics(Dataset):
    """Each topic has its own band of 'keyword' token ids mixed into random filler tokens."""

    def __init__(self, n, seq_len, vocab_size, n_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.tokens = torch.randint(1, vocab_size, (n, seq_len), generator=g)
        self.labels = torch.randint(0, n_classes, (n,), generator=g)
        band = (vocab_size - 1) // n_classes
        for i in range(n):
            k = int(self.labels[i])
            pos = torch.randperm(seq_len, generator=g)[: seq_len // 3]
            self.tokens[i, pos] = torch.randint(1 + k * band, 1 + (k + 1) * band, (len(pos),), generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.tokens[i], self.labels[i]
