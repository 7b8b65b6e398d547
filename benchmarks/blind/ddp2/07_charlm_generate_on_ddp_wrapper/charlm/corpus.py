import torch
from torch.utils.data import Dataset

TEXT = (
    "the quick brown fox jumps over the lazy dog. "
    "a stitch in time saves nine. "
    "all that glitters is not gold. "
    "early to bed and early to rise makes a man healthy wealthy and wise. "
) * 20


class CharCorpus(Dataset):
    def __init__(self, block=32):
        self.chars = sorted(set(TEXT))
        self.stoi = {c: i for i, c in enumerate(self.chars)}
        self.data = torch.tensor([self.stoi[c] for c in TEXT])
        self.block = block

    @property
    def vocab_size(self):
        return len(self.chars)

    def encode(self, s):
        return torch.tensor([self.stoi[c] for c in s])

    def decode(self, ids):
        return "".join(self.chars[i] for i in ids)

    def __len__(self):
        return (len(self.data) - 1) // self.block

    def __getitem__(self, i):
        s = i * self.block
        chunk = self.data[s:s + self.block + 1]
        return chunk[:-1], chunk[1:]
