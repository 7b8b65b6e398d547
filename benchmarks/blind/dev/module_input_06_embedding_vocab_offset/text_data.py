import csv
import os
import random
import re
from collections import Counter

import torch
from torch.utils.data import Dataset

POS = ["great", "excellent", "love", "fantastic", "wonderful", "amazing", "enjoyed", "brilliant"]
NEG = ["terrible", "awful", "hate", "boring", "waste", "poor", "disappointing", "bad"]
FILLER = ("the movie was and i it really plot acting a story this film with characters "
          "ending music but very quite so far too much").split()


def write_reviews_csv(path, n=480, seed=0):
    rnd = random.Random(seed)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["text", "label"])
        for _ in range(n):
            label = rnd.randint(0, 1)
            words = rnd.choices(FILLER, k=rnd.randint(6, 14)) + rnd.choices(POS if label else NEG, k=2)
            rnd.shuffle(words)
            w.writerow([" ".join(words).capitalize() + "!", label])


def tokenize(text):
    return re.findall(r"[a-z']+", text.lower())


class Tokenizer:
    """Keras-style word index: most frequent word gets id 1, id 0 is reserved for padding."""

    def __init__(self, texts, max_len=20):
        counts = Counter(tok for t in texts for tok in tokenize(t))
        self.word_index = {w: i + 1 for i, (w, _) in enumerate(counts.most_common())}
        self.vocab_size = len(self.word_index)
        self.max_len = max_len

    def encode(self, text):
        ids = [self.word_index[w] for w in tokenize(text) if w in self.word_index][: self.max_len]
        return ids + [0] * (self.max_len - len(ids))


class ReviewDataset(Dataset):
    def __init__(self, csv_path, tokenizer=None):
        with open(csv_path) as f:
            rows = list(csv.DictReader(f))
        self.texts = [r["text"] for r in rows]
        self.labels = [int(r["label"]) for r in rows]
        self.tokenizer = tokenizer or Tokenizer(self.texts)

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, i):
        ids = torch.tensor(self.tokenizer.encode(self.texts[i]), dtype=torch.long)
        return ids, torch.tensor(self.labels[i], dtype=torch.float32)
