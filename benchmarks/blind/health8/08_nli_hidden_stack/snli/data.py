import random

import torch
from torch.utils.data import Dataset

SUBJ = ["man", "woman", "dog", "child", "cat", "girl", "boy"]
VERB = ["runs", "sleeps", "eats", "sings", "plays", "reads"]
PLACE = ["park", "house", "street", "beach", "garden"]


def make_pairs(n, seed):
    rnd = random.Random(seed)
    pairs = []
    for _ in range(n):
        s, v, p = rnd.choice(SUBJ), rnd.choice(VERB), rnd.choice(PLACE)
        premise = f"a {s} {v} in the {p}"
        label = rnd.randint(0, 2)  # 0 entail, 1 neutral, 2 contradiction
        if label == 0:
            hyp = f"a {s} {v}"
        elif label == 1:
            hyp = f"a {s} {v} in the {p} with a {rnd.choice(SUBJ)}"
        else:
            hyp = f"a {s} {rnd.choice([x for x in VERB if x != v])} in the {p}"
        pairs.append((premise, hyp, label))
    return pairs


class Vocab(dict):
    def __init__(self, pairs):
        super().__init__()
        for p, h, _ in pairs:
            for w in (p + " " + h).split():
                self.setdefault(w, len(self) + 1)

    def ids(self, text):
        return torch.tensor([self.get(w, 0) for w in text.split()])


class NLIDataset(Dataset):
    def __init__(self, pairs, vocab):
        self.items = [(vocab.ids(p), vocab.ids(h), y) for p, h, y in pairs]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def _pack(seqs):
    offsets = torch.tensor([0] + [len(s) for s in seqs[:-1]]).cumsum(0)
    return torch.cat(seqs), offsets


def collate(batch):
    prem, prem_off = _pack([b[0] for b in batch])
    hyp, hyp_off = _pack([b[1] for b in batch])
    return prem, prem_off, hyp, hyp_off, torch.tensor([b[2] for b in batch])
