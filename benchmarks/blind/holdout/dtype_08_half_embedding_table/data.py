import random

import torch
from torch.utils.data import IterableDataset

TEXT = (
    "the quick brown fox jumps over the lazy dog. "
    "a journey of a thousand miles begins with a single step. "
    "all that glitters is not gold. "
    "to be or not to be, that is the question. "
    "the early bird catches the worm. "
) * 20


class CharVocab:
    def __init__(self, text):
        self.chars = sorted(set(text))
        self.stoi = {c: i for i, c in enumerate(self.chars)}

    def encode(self, s):
        return [self.stoi[c] for c in s]

    def decode(self, ids):
        return "".join(self.chars[i] for i in ids)


class RandomWindows(IterableDataset):
    """Streams random (input, next-char target) windows from the corpus."""

    def __init__(self, ids, seq_len, n_windows, seed=0):
        self.ids = torch.tensor(ids, dtype=torch.long)
        self.seq_len, self.n_windows, self.seed = seq_len, n_windows, seed

    def __iter__(self):
        rnd = random.Random(self.seed)
        for _ in range(self.n_windows):
            i = rnd.randrange(0, len(self.ids) - self.seq_len - 1)
            chunk = self.ids[i:i + self.seq_len + 1]
            yield chunk[:-1], chunk[1:]
