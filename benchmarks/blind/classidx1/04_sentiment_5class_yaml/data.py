import csv
from collections import Counter

import torch
from torch.utils.data import Dataset
from torch.nn.utils.rnn import pad_sequence

PAD, UNK = '<pad>', '<unk>'


def tokenize(text):
    return text.lower().split()


class Vocab:
    def __init__(self, counter, max_size):
        self.itos = [PAD, UNK] + [w for w, _ in counter.most_common(max_size)]
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)

    def numericalize(self, tokens):
        return [self.stoi.get(t, 1) for t in tokens]


class LabelEncoder:
    def __init__(self, labels):
        self.stoi = {l: i for i, l in enumerate(sorted(set(labels)))}
        self.itos = {i: l for l, i in self.stoi.items()}

    def __len__(self):
        return len(self.stoi)


def read_csv(path):
    with open(path, newline='') as f:
        return [(r['text'], r['label']) for r in csv.DictReader(f)]


class ReviewDataset(Dataset):
    def __init__(self, rows, vocab, label_encoder):
        self.examples = [(vocab.numericalize(tokenize(t)), label_encoder.stoi[l]) for t, l in rows]

    def __len__(self):
        return len(self.examples)

    def __getitem__(self, i):
        return self.examples[i]


def collate_batch(batch):
    text = [torch.tensor(ids, dtype=torch.long) for ids, _ in batch]
    lengths = torch.tensor([len(t) for t in text])
    label = torch.tensor([l for _, l in batch])
    return {'text': pad_sequence(text, padding_value=0), 'lengths': lengths, 'label': label}


def build(path, valid_ratio, max_vocab_size, generator):
    rows = read_csv(path)
    perm = torch.randperm(len(rows), generator=generator).tolist()
    n_valid = int(len(rows) * valid_ratio)
    valid_rows = [rows[i] for i in perm[:n_valid]]
    train_rows = [rows[i] for i in perm[n_valid:]]
    counter = Counter(tok for t, _ in train_rows for tok in tokenize(t))
    vocab = Vocab(counter, max_vocab_size)
    label_encoder = LabelEncoder([l for _, l in rows])
    return ReviewDataset(train_rows, vocab, label_encoder), ReviewDataset(valid_rows, vocab, label_encoder), vocab, label_encoder
