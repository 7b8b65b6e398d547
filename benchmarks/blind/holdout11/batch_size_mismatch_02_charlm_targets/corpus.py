import random

import torch
from torch.utils.data import Dataset

SUBJECTS = ["the cat", "a dog", "my neighbour", "the old sailor", "our teacher", "a small bird"]
VERBS = ["sees", "likes", "follows", "paints", "remembers", "ignores"]
OBJECTS = ["the moon", "a red boat", "the garden", "an apple", "the river", "a quiet song"]


def generate_text(n_sentences, seed):
    rnd = random.Random(seed)
    lines = []
    for _ in range(n_sentences):
        lines.append(f"{rnd.choice(SUBJECTS)} {rnd.choice(VERBS)} {rnd.choice(OBJECTS)}.")
    return "\n".join(lines)


class CharTokenizer:
    def __init__(self, text):
        self.chars = sorted(set(text))
        self.stoi = {c: i for i, c in enumerate(self.chars)}

    @property
    def vocab_size(self):
        return len(self.chars)

    def encode(self, s):
        return [self.stoi[c] for c in s]

    def decode(self, ids):
        return "".join(self.chars[i] for i in ids)


class CharWindows(Dataset):
    """Fixed-length windows for next-character prediction."""

    def __init__(self, ids, block_size):
        self.data = torch.tensor(ids, dtype=torch.long)
        self.block_size = block_size

    def __len__(self):
        return len(self.data) - self.block_size - 1

    def __getitem__(self, i):
        chunk = self.data[i:i + self.block_size + 1]
        x = chunk
        y = chunk[1:]
        return x, y
