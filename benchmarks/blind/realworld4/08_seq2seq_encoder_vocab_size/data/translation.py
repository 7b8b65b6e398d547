import os
import random


class TranslationDataset(object):
    def __init__(self, path, exts, fields):
        src_path, trg_path = (os.path.expanduser(path + x) for x in exts)
        self.fields = fields
        with open(src_path) as fs, open(trg_path) as ft:
            self.examples = [(fields[0].tokenize(s), fields[1].tokenize(t)) for s, t in zip(fs, ft) if s.strip()]

    @property
    def src(self):
        return [ex[0] for ex in self.examples]

    @property
    def trg(self):
        return [ex[1] for ex in self.examples]

    @classmethod
    def splits(cls, exts, fields, root, train="train", validation="val"):
        return cls(os.path.join(root, train), exts, fields), cls(os.path.join(root, validation), exts, fields)


class BucketIterator(object):
    def __init__(self, dataset, batch_size, shuffle=True, seed=0):
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.rnd = random.Random(seed)

    def __len__(self):
        return (len(self.dataset.examples) + self.batch_size - 1) // self.batch_size

    def __iter__(self):
        idx = list(range(len(self.dataset.examples)))
        if self.shuffle:
            self.rnd.shuffle(idx)
        src_f, trg_f = self.dataset.fields
        for i in range(0, len(idx), self.batch_size):
            exs = [self.dataset.examples[k] for k in idx[i:i + self.batch_size]]
            yield src_f.numericalize([e[0] for e in exs]), trg_f.numericalize([e[1] for e in exs])
