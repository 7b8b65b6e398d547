from functools import partial

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset


class WordTokenizer:
    def __init__(self, sentences):
        words = sorted({w for s in sentences for w in s.split()})
        self.vocab = {"<pad>": 0, "<unk>": 1, **{w: i + 2 for i, w in enumerate(words)}}

    def __call__(self, sentence):
        return [self.vocab.get(w, 1) for w in sentence.split()]


class IntentDataset(Dataset):
    def __init__(self, pairs, tokenizer):
        self.items = [(torch.tensor(tokenizer(s)), y) for s, y in pairs]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def pad_collate(batch, pad_id):
    seqs, labels = zip(*batch)
    lengths = torch.tensor([len(s) for s in seqs])
    padded = pad_sequence(seqs, batch_first=True, padding_value=pad_id)
    return padded, lengths, torch.tensor(labels)


def make_loader(pairs, tokenizer, batch_size, shuffle):
    return DataLoader(IntentDataset(pairs, tokenizer), batch_size=batch_size, shuffle=shuffle,
                      collate_fn=partial(pad_collate, pad_id=0))
