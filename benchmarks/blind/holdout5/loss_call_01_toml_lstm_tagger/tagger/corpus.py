import random

import torch
from torch.utils.data import Dataset

TAGS = ["<pad>", "DET", "ADJ", "NOUN", "VERB", "ADV", "PREP", "PRON", "CONJ", "NUM", "PUNCT"]
LEXICON = {
    "DET": ["the", "a", "this", "that", "every", "some"],
    "ADJ": ["red", "quick", "lazy", "old", "bright", "quiet", "heavy", "small"],
    "NOUN": ["dog", "cat", "river", "table", "city", "engine", "garden", "letter", "child", "storm"],
    "VERB": ["runs", "sees", "builds", "opens", "likes", "carries", "finds", "writes"],
    "ADV": ["quickly", "slowly", "often", "never", "quietly"],
    "PREP": ["in", "on", "under", "near", "with", "from"],
    "PRON": ["he", "she", "it", "they", "we"],
    "CONJ": ["and", "but", "or"],
    "NUM": ["one", "two", "three", "seven", "ten"],
    "PUNCT": [",", ".", ";"],
}
TEMPLATES = [
    ["DET", "ADJ", "NOUN", "VERB", "DET", "NOUN"],
    ["PRON", "VERB", "DET", "NOUN", "PREP", "DET", "NOUN"],
    ["DET", "NOUN", "ADV", "VERB", "NUM", "NOUN"],
    ["PRON", "ADV", "VERB", "DET", "ADJ", "ADJ", "NOUN"],
    ["NUM", "ADJ", "NOUN", "VERB", "PREP", "PRON"],
]


def generate(n, seed, min_len, max_len):
    rng = random.Random(seed)
    sents = []
    for _ in range(n):
        tags = []
        while len(tags) < min_len or (rng.random() < 0.5 and len(tags) < max_len - 8):
            if tags:
                tags.append(rng.choice(["CONJ", "PUNCT"]))
            tags.extend(rng.choice(TEMPLATES))
        tags = tags[: max_len - 1] + ["PUNCT"]
        words = [rng.choice(LEXICON[t]) for t in tags]
        sents.append((words, tags))
    return sents


class Vocab:
    def __init__(self, sentences):
        self.itos = ["<pad>", "<unk>"] + sorted({w for ws, _ in sentences for w in ws})
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)

    def lookup(self, words):
        return [self.stoi.get(w, 1) for w in words]


class TaggingDataset(Dataset):
    def __init__(self, sentences, vocab):
        self.tag_to_id = {t: i for i, t in enumerate(TAGS)}
        self.examples = [
            (torch.tensor(vocab.lookup(ws)), torch.tensor([self.tag_to_id[t] for t in ts]))
            for ws, ts in sentences
        ]

    def __len__(self):
        return len(self.examples)

    def __getitem__(self, i):
        return self.examples[i]


def pad_batch(batch, pad_id=0):
    words, tags = zip(*batch)
    lengths = torch.tensor([len(w) for w in words])
    words = torch.nn.utils.rnn.pad_sequence(words, batch_first=True, padding_value=pad_id)
    tags = torch.nn.utils.rnn.pad_sequence(tags, batch_first=True, padding_value=pad_id)
    return words, tags, lengths
