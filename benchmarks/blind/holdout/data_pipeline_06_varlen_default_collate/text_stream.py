import random

import torch
from torch.utils.data import DataLoader, IterableDataset

TOPICS = {
    0: "goal match striker league coach season score penalty keeper stadium".split(),
    1: "market stocks shares investor inflation bank rates profit earnings bond".split(),
    2: "galaxy orbit telescope planet rocket nasa astronaut star comet launch".split(),
}
COMMON = "the a of to and in on for with was is that this by at from".split()


class HashingTokenizer:
    """Hashes each word to a bucket id (0 is reserved for padding)."""

    def __init__(self, buckets=1024):
        self.buckets = buckets

    def __call__(self, text):
        return [1 + (hash(w) % (self.buckets - 1)) for w in text.split()]


class HeadlineStream(IterableDataset):
    def __init__(self, n_lines, tokenizer, seed=0):
        self.n_lines = n_lines
        self.tok = tokenizer
        self.seed = seed

    def lines(self):
        rng = random.Random(self.seed)
        for _ in range(self.n_lines):
            label = rng.randrange(len(TOPICS))
            words = rng.choices(TOPICS[label], k=rng.randint(2, 6)) + rng.choices(COMMON, k=rng.randint(2, 10))
            rng.shuffle(words)
            yield " ".join(words), label

    def __iter__(self):
        for text, label in self.lines():
            yield torch.tensor(self.tok(text), dtype=torch.long), torch.tensor(label)


def build_dataloader(n_lines, batch_size, seed=0):
    ds = HeadlineStream(n_lines, HashingTokenizer(), seed=seed)
    return DataLoader(ds, batch_size=batch_size)
