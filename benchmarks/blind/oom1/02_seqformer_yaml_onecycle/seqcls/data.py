import torch
from torch.utils.data import Dataset

MOTIF = torch.tensor([5, 17, 42, 9])


class MotifDataset(Dataset):
    """Random token sequences; label 1 when the motif was planted somewhere."""

    def __init__(self, n, seq_len, vocab_size, seed):
        g = torch.Generator().manual_seed(seed)
        self.tokens = torch.randint(0, vocab_size, (n, seq_len), generator=g)
        self.labels = torch.randint(0, 2, (n,), generator=g)
        pos = torch.randint(0, seq_len - len(MOTIF), (n,), generator=g)
        for i in range(n):
            if self.labels[i]:
                self.tokens[i, pos[i]:pos[i] + len(MOTIF)] = MOTIF

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.tokens[i], self.labels[i]
