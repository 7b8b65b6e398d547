import random

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

from .vocab import PAD


class TransductionDataset(Dataset):
    def __init__(self, vocab, n, min_len, max_len, task, seed):
        rnd = random.Random(seed)
        symbols = vocab.itos[3:]
        self.pairs = []
        for _ in range(n):
            src = "".join(rnd.choice(symbols) for _ in range(rnd.randint(min_len, max_len)))
            tgt = src[::-1] if task == "reverse" else "".join(sorted(src))
            self.pairs.append((torch.tensor(vocab.encode(src)), torch.tensor(vocab.encode(tgt))))

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        return self.pairs[i]


def collate_pairs(batch):
    src, tgt = zip(*batch)
    src_lens = torch.tensor([len(s) for s in src])
    return (pad_sequence(src, batch_first=True, padding_value=PAD), src_lens,
            pad_sequence(tgt, batch_first=True, padding_value=PAD))
