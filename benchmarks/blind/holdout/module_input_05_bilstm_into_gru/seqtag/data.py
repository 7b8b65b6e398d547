import random

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

PAD = "<pad>"
UNK = "<unk>"

_LEXICON = {
    "DET": ["the", "a", "this", "that", "every"],
    "NOUN": ["dog", "cat", "model", "engineer", "gradient", "batch", "kernel", "tensor"],
    "VERB": ["sees", "trains", "computes", "likes", "breaks", "updates"],
    "ADJ": ["big", "small", "noisy", "fast", "sparse"],
    "ADV": ["quickly", "rarely", "often"],
}
_TEMPLATES = [
    ["DET", "NOUN", "VERB", "DET", "NOUN"],
    ["DET", "ADJ", "NOUN", "VERB", "DET", "NOUN"],
    ["DET", "NOUN", "ADV", "VERB", "DET", "ADJ", "NOUN"],
    ["DET", "ADJ", "NOUN", "VERB"],
]


def synth_corpus(n, seed=0):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        tags = rnd.choice(_TEMPLATES)
        words = [rnd.choice(_LEXICON[t]) for t in tags]
        out.append((words, tags))
    return out


class TaggingDataset(Dataset):
    def __init__(self, sentences, word2idx=None, tag2idx=None):
        if word2idx is None:
            word2idx = {PAD: 0, UNK: 1}
            for words, _ in sentences:
                for w in words:
                    word2idx.setdefault(w, len(word2idx))
        if tag2idx is None:
            tag2idx = {}
            for _, tags in sentences:
                for t in tags:
                    tag2idx.setdefault(t, len(tag2idx))
        self.word2idx, self.tag2idx = word2idx, tag2idx
        self.items = [
            (torch.tensor([word2idx.get(w, 1) for w in words]), torch.tensor([tag2idx[t] for t in tags]))
            for words, tags in sentences
        ]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate(batch, tag_pad=-100):
    toks, tags = zip(*batch)
    return pad_sequence(toks, batch_first=True, padding_value=0), pad_sequence(tags, batch_first=True, padding_value=tag_pad)
