import random
import string

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

ALPHABET = string.ascii_lowercase + "'-"
CHAR2IDX = {c: i + 1 for i, c in enumerate(ALPHABET)}  # 0 = padding

# syllables that give each "language" its flavour
SYLLABLES = {
    "italian": ["ro", "ssi", "bel", "lini", "ca", "pu", "tto", "ne", "ri"],
    "japanese": ["ta", "ka", "na", "shi", "mo", "to", "ya", "ma", "ki"],
    "german": ["sch", "mid", "berg", "mann", "wal", "ter", "haus", "er"],
    "polish": ["kow", "ski", "wicz", "czyk", "ska", "rze", "dz", "ak"],
}
LANGS = sorted(SYLLABLES)


def make_names(n, seed=0):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        lang = rnd.choice(LANGS)
        name = "".join(rnd.choice(SYLLABLES[lang]) for _ in range(rnd.randint(2, 4)))
        out.append((name, LANGS.index(lang)))
    return out


class NamesDataset(Dataset):
    def __init__(self, pairs):
        self.pairs = pairs

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        name, label = self.pairs[i]
        return torch.tensor([CHAR2IDX[c] for c in name]), label


def pad_collate(batch):
    seqs, labels = zip(*batch)
    lengths = torch.tensor([len(s) for s in seqs])
    return pad_sequence(seqs, batch_first=True), lengths, torch.tensor(labels)
