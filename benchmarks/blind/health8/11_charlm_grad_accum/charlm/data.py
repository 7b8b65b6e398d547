import random

import torch
from torch.utils.data import Dataset

WORDS = ("the quick brown fox jumps over a lazy dog while seven wizards quietly "
         "box jolly numbers and pack my bag with five dozen liquor jugs").split()


def make_corpus(n_words, seed=0):
    rnd = random.Random(seed)
    return " ".join(rnd.choice(WORDS) for _ in range(n_words))


class CharChunks(Dataset):
    def __init__(self, text, block_size, stoi):
        self.data = torch.tensor([stoi[c] for c in text], dtype=torch.long)
        self.block_size = block_size

    def __len__(self):
        return (len(self.data) - 1) // self.block_size

    def __getitem__(self, i):
        s = i * self.block_size
        chunk = self.data[s:s + self.block_size + 1]
        return chunk[:-1], chunk[1:]
