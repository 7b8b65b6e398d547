import random

import torch
from torch.utils.data import Dataset

POS = ["great", "love", "excellent", "fantastic", "wonderful", "best", "enjoyed", "perfect"]
NEG = ["awful", "hate", "terrible", "boring", "worst", "waste", "poor", "disappointing"]
FILLER = ["the", "movie", "plot", "actor", "film", "was", "a", "and", "it", "story", "scene", "really",
          "very", "music", "ending", "character", "script", "time", "of", "this"]


def make_reviews(n, seed):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        words = [rnd.choice(FILLER) for _ in range(rnd.randint(6, 14))]
        for _ in range(rnd.randint(1, 3)):
            words.insert(rnd.randrange(len(words)), rnd.choice(POS if label else NEG))
        out.append((" ".join(words), label))
    return out


class Vocab:
    def __init__(self, texts):
        self.itos = ["<unk>"] + sorted({w for t in texts for w in t.split()})
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def encode(self, text):
        return [self.stoi.get(w, 0) for w in text.split()]

    def __len__(self):
        return len(self.itos)


class ReviewDataset(Dataset):
    def __init__(self, reviews, vocab):
        self.items = [(torch.tensor(vocab.encode(t)), y) for t, y in reviews]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate_batch(batch):
    labels = torch.tensor([y for _, y in batch])
    offsets = torch.tensor([0] + [len(t) for t, _ in batch[:-1]]).cumsum(0)
    text = torch.cat([t for t, _ in batch])
    return text, offsets, labels
