import random

import torch
from torch.utils.data import Dataset

POSITIVE = ["great", "excellent", "loved", "wonderful", "fantastic", "superb", "enjoyed", "brilliant"]
NEGATIVE = ["awful", "boring", "hated", "terrible", "waste", "poor", "dull", "worst"]
NEUTRAL = ["movie", "film", "plot", "actor", "the", "a", "was", "it", "scene", "story", "and", "very",
           "really", "ending", "music", "director", "this", "of", "characters", "script"]


def make_reviews(n, seed=0):
    rng = random.Random(seed)
    reviews = []
    for _ in range(n):
        label = rng.random() < 0.5
        pool = POSITIVE if label else NEGATIVE
        words = [rng.choice(NEUTRAL) for _ in range(rng.randint(8, 20))]
        for _ in range(rng.randint(1, 3)):
            words.insert(rng.randrange(len(words) + 1), rng.choice(pool))
        reviews.append((" ".join(words), int(label)))
    return reviews


class Vocab:
    PAD, UNK = "<pad>", "<unk>"

    def __init__(self, texts):
        words = sorted({w for t in texts for w in t.split()})
        self.itos = [self.PAD, self.UNK] + words
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)

    def encode(self, text):
        return [self.stoi.get(w, 1) for w in text.split()]


class ReviewDataset(Dataset):
    def __init__(self, reviews, vocab, max_len=24):
        self.items = []
        for text, label in reviews:
            ids = vocab.encode(text)[:max_len]
            ids = ids + [0] * (max_len - len(ids))
            self.items.append((torch.tensor(ids), torch.tensor(label, dtype=torch.float32)))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
