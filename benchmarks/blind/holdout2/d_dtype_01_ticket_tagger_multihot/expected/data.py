from collections import Counter

import torch
from torch.utils.data import Dataset

PAD, UNK = "<pad>", "<unk>"


class Vocab:
    def __init__(self, texts, min_freq=1):
        counts = Counter(tok for t in texts for tok in self.tokenize(t))
        self.itos = [PAD, UNK] + sorted(w for w, c in counts.items() if c >= min_freq)
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    @staticmethod
    def tokenize(text):
        return text.lower().replace(",", " ").split()

    def encode(self, text, max_len):
        ids = [self.stoi.get(tok, 1) for tok in self.tokenize(text)][:max_len]
        return ids + [0] * (max_len - len(ids))

    def __len__(self):
        return len(self.itos)


class TicketDataset(Dataset):
    def __init__(self, tickets, vocab, tag_names, max_len):
        self.tickets = tickets
        self.vocab = vocab
        self.tag_index = {t: i for i, t in enumerate(tag_names)}
        self.max_len = max_len

    def __len__(self):
        return len(self.tickets)

    def multi_hot(self, tags):
        target = torch.zeros(len(self.tag_index), dtype=torch.float32)
        for t in tags:
            target[self.tag_index[t]] = 1
        return target

    def __getitem__(self, i):
        text, tags = self.tickets[i]
        ids = torch.tensor(self.vocab.encode(text, self.max_len), dtype=torch.long)
        return ids, self.multi_hot(tags)
