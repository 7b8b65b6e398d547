import random

import torch
from torch.utils.data import Dataset

TOPICS = {
    "sports": ["match", "goal", "coach", "season", "league", "striker", "referee", "title"],
    "business": ["market", "shares", "profit", "investors", "quarter", "merger", "bank", "revenue"],
    "science": ["researchers", "study", "cells", "telescope", "experiment", "species", "climate", "data"],
    "politics": ["minister", "election", "parliament", "vote", "policy", "campaign", "senate", "law"],
}
FILLER = ["the", "a", "on", "in", "after", "new", "said", "report", "week", "today", "with", "over",
          "for", "local", "officials", "latest", "big", "early", "announced", "more"]


def synthetic_headlines(n, seed=0):
    rng = random.Random(seed)
    names = sorted(TOPICS)
    out = []
    for _ in range(n):
        label = rng.randrange(len(names))
        words = [rng.choice(FILLER) for _ in range(rng.randint(6, 52))]
        for _ in range(rng.randint(2, 5)):
            words.insert(rng.randrange(len(words) + 1), rng.choice(TOPICS[names[label]]))
        out.append((" ".join(words) + ".", label))
    return out


class HeadlineDataset(Dataset):
    def __init__(self, samples, tokenizer, max_len=48):
        self.samples = samples
        self.tok = tokenizer
        self.max_len = max_len

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        text, label = self.samples[idx]
        ids = self.tok.encode(text)
        attention = [1] * len(ids)
        pad = self.max_len - len(ids)
        ids = ids + [self.tok.pad_id] * pad
        attention = attention + [0] * pad
        return {
            "input_ids": torch.tensor(ids, dtype=torch.long),
            "attention_mask": torch.tensor(attention, dtype=torch.bool),
            "label": torch.tensor(label, dtype=torch.long),
        }
