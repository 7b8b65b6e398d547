"""Synthetic 'product review' dataset: the label is decided by which of three
keyword groups dominates the sequence, so the task is learnable."""
import torch
from torch.utils.data import Dataset


class SyntheticReviews(Dataset):
    def __init__(self, num_samples, vocab_size, seq_len, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.tokens = torch.randint(4 + num_classes * 10, vocab_size, (num_samples, seq_len), generator=g)
        self.labels = torch.randint(0, num_classes, (num_samples,), generator=g)
        lengths = torch.randint(seq_len // 2, seq_len + 1, (num_samples,), generator=g)
        for i in range(num_samples):
            c = int(self.labels[i])
            pos = torch.randint(0, int(lengths[i]), (6,), generator=g)
            self.tokens[i, pos] = 4 + c * 10 + torch.randint(0, 10, (6,), generator=g)
            self.tokens[i, int(lengths[i]):] = 0

    def __len__(self):
        return self.tokens.shape[0]

    def __getitem__(self, idx):
        return self.tokens[idx], self.labels[idx]
