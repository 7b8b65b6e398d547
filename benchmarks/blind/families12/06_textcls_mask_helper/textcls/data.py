import random

import torch
from torch.utils.data import Dataset

from .masking import build_padding_mask

POS_WORDS = ["great", "good", "love", "excellent", "fun"]
NEG_WORDS = ["bad", "awful", "hate", "boring", "poor"]
FILLER = ["the", "movie", "was", "a", "plot", "and", "it", "really", "very", "film"]


class Vocab:
    def __init__(self):
        words = ["<pad>", "<unk>"] + POS_WORDS + NEG_WORDS + FILLER
        self.stoi = {w: i for i, w in enumerate(words)}

    def __len__(self):
        return len(self.stoi)

    def encode(self, tokens):
        return [self.stoi.get(t, 1) for t in tokens]


def make_reviews(n, seed):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        words = [rnd.choice(FILLER) for _ in range(rnd.randint(4, 12))]
        for _ in range(rnd.randint(1, 3)):
            words.insert(rnd.randint(0, len(words)), rnd.choice(POS_WORDS if label else NEG_WORDS))
        out.append((" ".join(words), label))
    return out


class ReviewDataset(Dataset):
    def __init__(self, reviews, vocab, max_len=20, causal_mask=False):
        self.reviews = reviews
        self.vocab = vocab
        self.max_len = max_len
        self.causal_mask = causal_mask

    def __len__(self):
        return len(self.reviews)

    def __getitem__(self, idx):
        text, label = self.reviews[idx]
        ids = self.vocab.encode(text.split())[: self.max_len]
        length = len(ids)
        ids = ids + [0] * (self.max_len - length)
        return {
            "input_ids": torch.tensor(ids, dtype=torch.long),
            "attention_mask": build_padding_mask(length, self.max_len, causal=self.causal_mask),
            "labels": torch.tensor(label, dtype=torch.long),
        }
