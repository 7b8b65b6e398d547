import csv

import torch
from torch.utils.data import Dataset


def simple_tokenize(text):
    return text.lower().split()


class IntentDataset(Dataset):
    def __init__(self, path, vocab=None):
        with open(path, newline='') as f:
            rows = list(csv.DictReader(f))
        self.texts = [r['utterance'] for r in rows]
        self.labels = [int(float(r['label'])) for r in rows]
        self.id2label = {int(float(r['label'])): r['intent'] for r in rows}
        if vocab is None:
            vocab = {'[UNK]': 0}
            for t in self.texts:
                for tok in simple_tokenize(t):
                    vocab.setdefault(tok, len(vocab))
        self.vocab = vocab

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, idx):
        ids = [self.vocab.get(tok, 0) for tok in simple_tokenize(self.texts[idx])]
        return {'input_ids': torch.tensor(ids), 'labels': torch.tensor(self.labels[idx])}


def collate_fn(features):
    input_ids = torch.cat([f['input_ids'] for f in features])
    lengths = torch.tensor([len(f['input_ids']) for f in features])
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
    labels = torch.stack([f['labels'] for f in features])
    return {'input_ids': input_ids, 'offsets': offsets, 'labels': labels}
