import os
import random

import torch


class Dictionary(object):
    def __init__(self):
        self.word2idx = {}
        self.idx2word = []

    def add_word(self, word):
        if word not in self.word2idx:
            self.idx2word.append(word)
            self.word2idx[word] = len(self.idx2word) - 1
        return self.word2idx[word]

    def __len__(self):
        return len(self.idx2word)


def write_toy_corpus(path, seed=0):
    """Writes a small wikitext-like corpus (train/valid/test) generated from a toy grammar."""
    rng = random.Random(seed)
    subj = ["the cat", "a dog", "the model", "my friend", "the teacher", "a bird"]
    verb = ["sees", "likes", "trains", "reads", "follows", "eats"]
    obj = ["the book", "a fish", "the data", "some bread", "the ball", "a tree"]
    os.makedirs(path, exist_ok=True)
    for split, n in (("train", 1500), ("valid", 200), ("test", 200)):
        with open(os.path.join(path, split + ".txt"), "w") as f:
            for _ in range(n):
                f.write(" ".join([rng.choice(subj), rng.choice(verb), rng.choice(obj)]) + " .\n")


class Corpus(object):
    def __init__(self, path):
        if not os.path.exists(os.path.join(path, "train.txt")):
            write_toy_corpus(path)
        self.dictionary = Dictionary()
        self.train = self.tokenize(os.path.join(path, "train.txt"))
        self.valid = self.tokenize(os.path.join(path, "valid.txt"))
        self.test = self.tokenize(os.path.join(path, "test.txt"))

    def tokenize(self, path):
        with open(path, "r", encoding="utf8") as f:
            idss = []
            for line in f:
                words = line.split() + ["<eos>"]
                idss.append(torch.tensor([self.dictionary.add_word(w) for w in words], dtype=torch.int64))
        return torch.cat(idss)
