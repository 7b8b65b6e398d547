"""Product reviews -> star rating (1..5 stars).

Each record is a dict as exported by the review service; the text has already been
embedded by an upstream sentence encoder (here: synthetic 32-d vectors).
"""
import numpy as np
import torch
from torch.utils.data import Dataset

NUM_STARS = 5
EMB_DIM = 32


def fetch_reviews(n=500, seed=0):
    rng = np.random.default_rng(seed)
    direction = rng.normal(size=EMB_DIM)
    records = []
    for i in range(n):
        stars = int(rng.integers(1, NUM_STARS + 1))
        emb = rng.normal(size=EMB_DIM) + (stars - 3) * 0.8 * direction / np.linalg.norm(direction)
        records.append({"review_id": f"r{i:05d}", "stars": stars, "embedding": emb.astype(np.float32)})
    return records


class ReviewRatings(Dataset):
    def __init__(self, records):
        self.x = torch.from_numpy(np.stack([r["embedding"] for r in records]))
        self.y = torch.tensor([r["stars"] - 1 for r in records], dtype=torch.long)  # 1..5 stars -> classes 0..4

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
