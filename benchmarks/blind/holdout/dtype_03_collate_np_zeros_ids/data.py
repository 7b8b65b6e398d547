import random

import numpy as np
import torch
from torch.utils.data import Dataset

PAD, UNK = "<pad>", "<unk>"

_POS = ["great", "lovely", "excellent", "fun", "charming", "brilliant", "moving", "sharp"]
_NEG = ["boring", "awful", "dull", "messy", "tedious", "weak", "bland", "clumsy"]
_FILLER = ["the", "movie", "plot", "acting", "was", "really", "quite", "and", "a", "film", "story", "cast"]


def generate_reviews(n=400, seed=0):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        words = rnd.choices(_FILLER, k=rnd.randint(4, 14))
        for _ in range(rnd.randint(1, 3)):
            words.insert(rnd.randrange(len(words) + 1), rnd.choice(_POS if label else _NEG))
        out.append((" ".join(words), label))
    return out


class Vocab:
    def __init__(self, texts, min_freq=1):
        counts = {}
        for t in texts:
            for w in t.split():
                counts[w] = counts.get(w, 0) + 1
        self.itos = [PAD, UNK] + sorted(w for w, c in counts.items() if c >= min_freq)
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)

    def encode(self, text):
        return [self.stoi.get(w, 1) for w in text.split()]


class ReviewDataset(Dataset):
    def __init__(self, pairs, vocab):
        self.items = [(vocab.encode(t), y) for t, y in pairs]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def pad_collate(batch):
    """Right-pad token id lists to the longest sequence in the batch."""
    max_len = max(len(ids) for ids, _ in batch)
    tokens = np.zeros((len(batch), max_len))
    lengths = np.zeros(len(batch), dtype=np.int64)
    for row, (ids, _) in enumerate(batch):
        tokens[row, : len(ids)] = ids
        lengths[row] = len(ids)
    labels = torch.tensor([y for _, y in batch], dtype=torch.long)
    return torch.from_numpy(tokens), torch.from_numpy(lengths), labels
