import random

import torch

TEMPLATES = [
    "the {adj} {noun} {verb} over the {noun2} .",
    "a {noun} {verb} near the {adj} {noun2} .",
    "every {noun} {verb} because the {noun2} was {adj} .",
    "{name} said that the {noun} {verb} .",
]
WORDS = {
    "adj": ["quick", "lazy", "green", "tired", "bright", "silent", "heavy"],
    "noun": ["fox", "dog", "farmer", "engine", "river", "student", "robot"],
    "noun2": ["fence", "bridge", "hill", "table", "station", "garden"],
    "verb": ["jumps", "runs", "sleeps", "waits", "rolls", "sings"],
    "name": ["alice", "bob", "carol", "dave"],
}


class Dictionary:
    def __init__(self):
        self.word2idx, self.idx2word = {}, []

    def add_word(self, w):
        if w not in self.word2idx:
            self.word2idx[w] = len(self.idx2word)
            self.idx2word.append(w)
        return self.word2idx[w]

    def __len__(self):
        return len(self.idx2word)


class Corpus:
    """Synthetic stand-in for the PTB splits (train / valid / test token streams)."""

    def __init__(self, seed=0, sizes=(3000, 400, 400)):
        rnd = random.Random(seed)
        self.dictionary = Dictionary()
        self.train, self.valid, self.test = (self._tokenize(self._sentences(rnd, n)) for n in sizes)

    @staticmethod
    def _sentences(rnd, n):
        for _ in range(n):
            t = rnd.choice(TEMPLATES)
            yield t.format(**{k: rnd.choice(v) for k, v in WORDS.items()}) + " <eos>"

    def _tokenize(self, sentences):
        ids = [self.dictionary.add_word(w) for s in sentences for w in s.split()]
        return torch.tensor(ids, dtype=torch.long)


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    return data.view(bsz, -1).t().contiguous()      # (seq_len, bsz)


def get_batch(source, i, bptt):
    seq_len = min(bptt, len(source) - 1 - i)
    return source[i:i + seq_len], source[i + 1:i + 1 + seq_len].reshape(-1)
