import torch
from torch.utils.data import Dataset


class KeywordReviews(Dataset):
    """Synthetic reviews: the label is decided by which sentiment keywords dominate."""

    def __init__(self, n, vocab_size, max_len, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.max_len = max_len
        self.samples = []
        pos_words = torch.arange(4, 14)
        neg_words = torch.arange(14, 24)
        for _ in range(n):
            length = max_len - int(torch.randint(0, 8, (1,), generator=g))
            toks = torch.randint(24, vocab_size, (length,), generator=g)
            label = int(torch.randint(0, 2, (1,), generator=g))
            words = pos_words if label == 1 else neg_words
            idx = torch.randperm(length, generator=g)[: max(4, length // 16)]
            toks[idx] = words[torch.randint(0, len(words), (len(idx),), generator=g)]
            self.samples.append((toks, label))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i]


def pad_collate(batch):
    toks, labels = zip(*batch)
    out = torch.zeros(len(toks), max(len(t) for t in toks), dtype=torch.long)
    for i, t in enumerate(toks):
        out[i, : len(t)] = t
    return out, torch.tensor(labels)
