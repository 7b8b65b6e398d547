import random

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

POS = ["great", "loved", "excellent", "wonderful", "fun", "brilliant", "enjoyable", "superb"]
NEG = ["boring", "awful", "terrible", "hated", "dull", "waste", "poor", "bad"]
FILLER = ["the", "movie", "was", "a", "plot", "actors", "really", "quite", "and", "film", "story", "it"]


def make_reviews(n, seed=0):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        label = rng.randint(0, 1)
        words = rng.choices(FILLER, k=rng.randint(3, 18))
        for _ in range(rng.randint(1, 3)):
            words.insert(rng.randrange(len(words) + 1), rng.choice(POS if label else NEG))
        out.append((" ".join(words), label))
    return out


class Vocab:
    def __init__(self, sentences):
        self.itos = ["<pad>", "<unk>"] + sorted({w for s in sentences for w in s.split()})
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def encode(self, sentence):
        return [self.stoi.get(w, 1) for w in sentence.split()]

    def __len__(self):
        return len(self.itos)


class ReviewDataset(Dataset):
    def __init__(self, reviews, vocab):
        self.items = [(torch.tensor(vocab.encode(s)), y) for s, y in reviews]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def pad_collate(batch):
    seqs, labels = zip(*batch)
    lengths = torch.tensor([len(s) for s in seqs])
    padded = pad_sequence(seqs, batch_first=True, padding_value=0)
    return padded, lengths, torch.tensor(labels)
