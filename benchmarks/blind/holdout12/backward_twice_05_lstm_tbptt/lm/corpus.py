import random

import torch

SUBJECTS = ["the cat", "a dog", "my neighbour", "the old man", "a small bird", "the teacher"]
VERBS = ["sees", "likes", "follows", "watches", "finds", "hears"]
OBJECTS = ["the river", "a red ball", "the garden", "some bread", "the moon", "a quiet street"]


def synthetic_text(n_sentences=1000, seed=0):
    rng = random.Random(seed)
    return " ".join(
        f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}." for _ in range(n_sentences)
    )


class CharCorpus:
    def __init__(self, text):
        self.chars = sorted(set(text))
        self.stoi = {c: i for i, c in enumerate(self.chars)}
        data = torch.tensor([self.stoi[c] for c in text], dtype=torch.long)
        split = int(len(data) * 0.9)
        self.train, self.valid = data[:split], data[split:]

    @property
    def vocab_size(self):
        return len(self.chars)


def batchify(data, batch_size):
    n = data.size(0) // batch_size
    return data[: n * batch_size].view(batch_size, -1).t().contiguous()


def get_batch(source, i, bptt):
    seq_len = min(bptt, len(source) - 1 - i)
    return source[i:i + seq_len], source[i + 1:i + 1 + seq_len]
