import random
import string

import torch
from torch.utils.data import Dataset

ALL_LETTERS = string.ascii_letters + " .,;'"
N_LETTERS = len(ALL_LETTERS) + 1  # +1 for padding index 0

# toy "languages": each one prefers its own syllables
SYLLABLES = {
    "Italian": ["ri", "ni", "lo", "tti", "cci", "no", "ra", "be"],
    "Japanese": ["ka", "shi", "ta", "mo", "ya", "to", "ki", "ro"],
    "German": ["sch", "mann", "berg", "er", "ke", "hn", "st", "ei"],
    "Polish": ["ski", "wicz", "cz", "rz", "ow", "ak", "sz", "ny"],
}
CATEGORIES = sorted(SYLLABLES)


def letter_to_index(ch):
    return ALL_LETTERS.find(ch) + 1


def generate_names(n, seed=0):
    rnd = random.Random(seed)
    data = []
    for _ in range(n):
        cat = rnd.choice(CATEGORIES)
        name = "".join(rnd.choice(SYLLABLES[cat]) for _ in range(rnd.randint(2, 5)))
        data.append((name.capitalize(), CATEGORIES.index(cat)))
    return data


class NamesDataset(Dataset):
    def __init__(self, pairs, max_len=16):
        self.pairs = pairs
        self.max_len = max_len

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, idx):
        name, label = self.pairs[idx]
        indices = [letter_to_index(c) for c in name][: self.max_len]
        return torch.tensor(indices, dtype=torch.long), label
