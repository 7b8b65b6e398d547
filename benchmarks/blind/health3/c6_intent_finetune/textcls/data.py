import torch
from torch.utils.data import DataLoader, Dataset

PAD = 0


class SyntheticIntents(Dataset):
    """Token sequences whose label is determined by which keyword tokens occur."""

    def __init__(self, n, n_classes, vocab, seq_len, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = torch.randint(0, n_classes, (n,), generator=g)
        lengths = torch.randint(seq_len // 2, seq_len + 1, (n,), generator=g)
        tokens = torch.randint(n_classes + 1, vocab, (n, seq_len), generator=g)
        keyword_pos = (torch.rand(n, generator=g) * (lengths - 1).float()).long()
        tokens[torch.arange(n), keyword_pos] = self.y + 1
        mask = torch.arange(seq_len).unsqueeze(0) < lengths.unsqueeze(1)
        self.x = torch.where(mask, tokens, torch.full_like(tokens, PAD))

    def __len__(self):
        return self.y.numel()

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def make_loader(ds, batch_size, shuffle=False):
    return DataLoader(ds, batch_size=batch_size, shuffle=shuffle)
