import csv
from collections import Counter

import torch
from torch.utils.data import Dataset

LABELS = ["negative", "neutral", "positive"]
LABEL2ID = {l: i for i, l in enumerate(LABELS)}


def read_export(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    texts = [r["text"] for r in rows]
    labels = [LABEL2ID[r["label"].strip().lower()] for r in rows]
    return texts, labels


class Vocab:
    def __init__(self, texts, min_freq=1):
        c = Counter(w for t in texts for w in t.split())
        self.itos = ["<pad>", "<unk>"] + [w for w, n in c.most_common() if n >= min_freq]
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)

    def encode(self, text, max_len):
        ids = [self.stoi.get(w, 1) for w in text.split()][:max_len]
        return ids + [0] * (max_len - len(ids))


class TicketDataset(Dataset):
    def __init__(self, texts, labels, vocab, max_len=24):
        self.x = torch.tensor([vocab.encode(t, max_len) for t in texts])
        self.y = torch.tensor(labels)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
