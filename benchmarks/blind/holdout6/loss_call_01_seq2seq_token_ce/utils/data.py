import torch
from torch.utils.data import Dataset

PAD, BOS, EOS = 0, 1, 2
OFFSET = 3


class ReverseCopyTask(Dataset):
    """src: random digit string; tgt: the string reversed, wrapped in BOS/EOS.
    Sequences are fixed length so batching needs no padding."""

    def __init__(self, n, seq_len, n_symbols, seed):
        g = torch.Generator().manual_seed(seed)
        self.src = torch.randint(OFFSET, OFFSET + n_symbols, (n, seq_len), generator=g)
        rev = self.src.flip(1)
        bos = torch.full((n, 1), BOS)
        eos = torch.full((n, 1), EOS)
        self.tgt = torch.cat([bos, rev, eos], dim=1)

    def __len__(self):
        return self.src.size(0)

    def __getitem__(self, i):
        return self.src[i], self.tgt[i]

    @staticmethod
    def vocab_size(n_symbols):
        return OFFSET + n_symbols
