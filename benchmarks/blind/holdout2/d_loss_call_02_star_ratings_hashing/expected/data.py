import csv
import zlib

import torch
from torch.utils.data import Dataset


def char_ngrams(text, n):
    text = f"^{text.lower()}$"
    return [text[i:i + n] for i in range(len(text) - n + 1)]


def hash_features(text, n, buckets):
    vec = torch.zeros(buckets)
    for g in char_ngrams(text, n):
        vec[zlib.crc32(g.encode()) % buckets] += 1.0
    return vec / vec.norm().clamp(min=1e-6)


class ReviewDataset(Dataset):
    def __init__(self, csv_path, ngram, buckets):
        with open(csv_path, newline="") as f:
            rows = list(csv.DictReader(f))
        self.features = torch.stack([hash_features(r["text"], ngram, buckets) for r in rows])
        self.labels = torch.tensor([int(r["stars"]) - 1 for r in rows])  # 1..5 stars -> classes 0..4

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.features[i], self.labels[i]
