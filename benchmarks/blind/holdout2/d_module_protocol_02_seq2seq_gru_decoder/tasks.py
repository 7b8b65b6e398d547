"""Toy seq2seq task: sort a sequence of digits. Vocabulary: 0-9 digits + specials."""
import torch
from torch.utils.data import Dataset

PAD, BOS, EOS = 10, 11, 12
VOCAB_SIZE = 13


class SortDigits(Dataset):
    def __init__(self, n, min_len=4, max_len=9, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.pairs = []
        for _ in range(n):
            L = int(torch.randint(min_len, max_len + 1, (1,), generator=g))
            src = torch.randint(0, 10, (L,), generator=g)
            self.pairs.append((src, torch.sort(src).values))
        self.max_len = max_len

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        src, tgt = self.pairs[i]
        T = self.max_len + 2
        src_p = torch.full((T,), PAD)
        src_p[: len(src)] = src
        tgt_full = torch.cat([torch.tensor([BOS]), tgt, torch.tensor([EOS])])
        tgt_p = torch.full((T,), PAD)
        tgt_p[: len(tgt_full)] = tgt_full
        return src_p, tgt_p
