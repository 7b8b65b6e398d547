"""Loads the product-review CSV export and turns it into bag-of-words tensors."""
import csv
import os
import random
import tempfile
from collections import Counter

import torch
from torch.utils.data import Dataset

_WORDS = {
    1: ["broken", "refund", "worst", "useless"],
    2: ["disappointing", "cheap", "flimsy"],
    3: ["okay", "average", "fine", "decent"],
    4: ["good", "solid", "happy", "recommend"],
    5: ["perfect", "amazing", "love", "excellent"],
}
_FILLER = ["product", "shipping", "box", "it", "was", "the", "price", "seller", "arrived", "using"]


def export_csv(n_rows, seed):
    """Stand-in for the shop's CSV export: columns review_id,text,stars (stars 1..5)."""
    rng = random.Random(seed)
    path = os.path.join(tempfile.mkdtemp(), "reviews.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["review_id", "text", "stars"])
        w.writeheader()
        for i in range(n_rows):
            stars = rng.randint(1, 5)
            toks = rng.choices(_FILLER, k=8) + rng.choices(_WORDS[stars], k=2)
            rng.shuffle(toks)
            w.writerow({"review_id": i, "text": " ".join(toks), "stars": stars})
    return path


class BowReviews(Dataset):
    def __init__(self, rows, label_column, vocab):
        self.vocab = vocab
        self.x = torch.zeros(len(rows), len(vocab))
        for i, r in enumerate(rows):
            for tok in r["text"].split():
                if tok in vocab:
                    self.x[i, vocab[tok]] += 1.0
        self.y = torch.tensor([int(r[label_column]) - 1 for r in rows])  # stars 1..5 -> classes 0..4

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def build_datasets(cfg, seed):
    with open(export_csv(cfg["csv_rows"], seed)) as f:
        rows = list(csv.DictReader(f))
    split = int(0.8 * len(rows))
    counts = Counter(t for r in rows[:split] for t in r["text"].split())
    vocab = {w: i for i, (w, _) in enumerate(counts.most_common(cfg["max_vocab"]))}
    return (BowReviews(rows[:split], cfg["label_column"], vocab),
            BowReviews(rows[split:], cfg["label_column"], vocab))
