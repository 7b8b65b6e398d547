import torch
from torch.utils.data import Dataset

VOCAB = 50
PAD = 0


class ToySentiment(Dataset):
    """Token sequences; label is 1 when 'positive' tokens (1..9) outnumber 'negative' ones (10..19)."""

    def __init__(self, n, max_len=20, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        for _ in range(n):
            length = int(torch.randint(5, max_len + 1, (1,), generator=g))
            toks = torch.randint(1, VOCAB, (length,), generator=g)
            pos = ((toks >= 1) & (toks < 10)).sum()
            neg = ((toks >= 10) & (toks < 20)).sum()
            self.samples.append((toks, int(pos > neg)))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i]


def collate(batch):
    toks, labels = zip(*batch)
    lengths = torch.tensor([len(t) for t in toks])
    padded = torch.nn.utils.rnn.pad_sequence(toks, batch_first=True, padding_value=PAD)
    return padded, lengths, torch.tensor(labels)
