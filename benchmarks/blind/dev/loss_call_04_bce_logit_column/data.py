import random
import zlib

import torch
from torch.utils.data import Dataset

HAM = ["see you at lunch", "meeting moved to friday", "can you send the report", "thanks for the update",
       "call me when you land", "the build is green again", "notes from today's standup", "happy birthday"]
SPAM = ["win a free cruise now", "claim your prize today", "cheap meds no prescription", "you have been selected",
        "urgent account verification required", "earn money fast from home", "limited offer click here"]


def hashed_bow(text, n_buckets):
    v = torch.zeros(n_buckets)
    for tok in text.lower().split():
        v[zlib.crc32(tok.encode()) % n_buckets] += 1.0
    return v


class SmsDataset(Dataset):
    def __init__(self, n, n_buckets=128, seed=0):
        rnd = random.Random(seed)
        self.items = []
        for _ in range(n):
            is_spam = rnd.random() < 0.4
            base = rnd.choice(SPAM if is_spam else HAM)
            extra = " ".join(rnd.choices((HAM + SPAM)[rnd.randrange(15)].split(), k=2))
            self.items.append((hashed_bow(base + " " + extra, n_buckets), float(is_spam)))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        x, y = self.items[i]
        return x, torch.tensor(y)
