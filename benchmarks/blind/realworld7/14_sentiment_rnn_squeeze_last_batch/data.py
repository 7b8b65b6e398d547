import csv
import random

import torch

PAD, UNK = "<pad>", "<unk>"


def tokenizer(s):
    return s.lower().split()


def load_reviews(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [(tokenizer(r["text"]), float(r["label"])) for r in rows]


def build_vocab(examples, max_size=2000):
    counts = {}
    for toks, _ in examples:
        for t in toks:
            counts[t] = counts.get(t, 0) + 1
    itos = [PAD, UNK] + sorted(counts, key=lambda w: -counts[w])[:max_size]
    return {w: i for i, w in enumerate(itos)}


class BucketIterator:
    """Batches of similar length, sorted longest-first inside the batch (for packing)."""

    def __init__(self, examples, vocab, batch_size, shuffle=True, seed=1234):
        self.examples, self.vocab, self.batch_size = examples, vocab, batch_size
        self.shuffle = shuffle
        self.rng = random.Random(seed)

    def __len__(self):
        return (len(self.examples) + self.batch_size - 1) // self.batch_size

    def __iter__(self):
        order = sorted(range(len(self.examples)), key=lambda i: len(self.examples[i][0]))
        batches = [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]
        if self.shuffle:
            self.rng.shuffle(batches)
        for idx in batches:
            batch = sorted((self.examples[i] for i in idx), key=lambda e: -len(e[0]))
            lengths = torch.tensor([len(t) for t, _ in batch])
            text = torch.full((int(lengths.max()), len(batch)), self.vocab[PAD], dtype=torch.long)
            for j, (toks, _) in enumerate(batch):
                text[:len(toks), j] = torch.tensor([self.vocab.get(t, self.vocab[UNK]) for t in toks])
            label = torch.tensor([l for _, l in batch])
            yield (text, lengths), label
