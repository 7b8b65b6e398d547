import random

import torch
from torch.utils.data import Dataset

PAD, UNK = "<pad>", "<unk>"
POSITIVE = ["great", "excellent", "loved", "wonderful", "fun", "brilliant"]
NEGATIVE = ["boring", "awful", "hated", "terrible", "dull", "waste"]
FILLER = ["the", "movie", "plot", "actors", "was", "and", "really", "a", "film", "it",
          "story", "ending", "scenes", "quite", "very", "this", "i", "thought"]


def make_reviews(n, seed):
    rnd = random.Random(seed)
    reviews = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        words = [rnd.choice(FILLER) for _ in range(rnd.randint(8, 30))]
        cue = POSITIVE if label else NEGATIVE
        for _ in range(rnd.randint(1, 3)):
            words.insert(rnd.randrange(len(words)), rnd.choice(cue))
        reviews.append((" ".join(words), label))
    return reviews


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
    def __init__(self, reviews, vocab, max_len):
        self.items = [(vocab.encode(t)[:max_len], y) for t, y in reviews]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        ids, y = self.items[i]
        return torch.tensor(ids, dtype=torch.long), y


def collate(batch):
    ids, ys = zip(*batch)
    padded = torch.nn.utils.rnn.pad_sequence(ids, batch_first=True, padding_value=0)
    return padded, torch.tensor(ys, dtype=torch.long)
