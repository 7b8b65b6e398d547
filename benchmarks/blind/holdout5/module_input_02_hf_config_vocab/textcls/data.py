import random

import torch
from torch.utils.data import Dataset

TOPICS = ["sports", "finance", "weather"]
_SYL = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi", "pe", "so", "du", "fa", "gi", "ho", "ju", "be"]


def _make_lexicon(rng, n):
    words = set()
    while len(words) < n:
        words.add("".join(rng.choice(_SYL) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def make_corpus(n, seed=0):
    """Synthetic topic corpus: a shared Zipf-ish background vocabulary plus topic keywords."""
    rng = random.Random(1234)
    lexicon = _make_lexicon(rng, 3500)
    keywords = {t: rng.sample(lexicon, 40) for t in TOPICS}
    weights = [1.0 / (r + 5) for r in range(len(lexicon))]
    rng = random.Random(seed)
    texts, labels = [], []
    for _ in range(n):
        y = rng.randrange(len(TOPICS))
        length = rng.randint(12, 40)
        words = rng.choices(lexicon, weights=weights, k=length)
        for j in rng.sample(range(length), k=4):
            words[j] = rng.choice(keywords[TOPICS[y]])
        texts.append(" ".join(words))
        labels.append(y)
    return texts, labels


class TopicDataset(Dataset):
    def __init__(self, texts, labels, tokenizer, max_length):
        self.items = []
        for text, y in zip(texts, labels):
            ids, mask = tokenizer.encode(text, max_length)
            self.items.append((torch.tensor(ids), torch.tensor(mask), torch.tensor(y)))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        ids, mask, y = self.items[idx]
        return {"input_ids": ids, "attention_mask": mask, "labels": y}
