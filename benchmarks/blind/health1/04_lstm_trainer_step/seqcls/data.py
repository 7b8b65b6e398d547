import torch
from torch.utils.data import Dataset, DataLoader

PAD = 0


class ParitySentiment(Dataset):
    """Token sequences; label is 1 when 'positive' tokens outnumber 'negative' ones."""

    def __init__(self, n, vocab_size=50, min_len=5, max_len=20, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        pos_tokens = torch.arange(1, 6)
        neg_tokens = torch.arange(6, 11)
        for _ in range(n):
            length = int(torch.randint(min_len, max_len + 1, (1,), generator=g))
            seq = torch.randint(11, vocab_size, (length,), generator=g)
            k_pos = int(torch.randint(0, 4, (1,), generator=g))
            k_neg = int(torch.randint(0, 4, (1,), generator=g))
            idx = torch.randperm(length, generator=g)[: k_pos + k_neg]
            seq[idx[:k_pos]] = pos_tokens[torch.randint(0, 5, (len(idx[:k_pos]),), generator=g)]
            seq[idx[k_pos:]] = neg_tokens[torch.randint(0, 5, (len(idx[k_pos:]),), generator=g)]
            n_pos = int(((seq >= 1) & (seq <= 5)).sum())
            n_neg = int(((seq >= 6) & (seq <= 10)).sum())
            self.samples.append((seq, int(n_pos > n_neg)))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i]


def collate(batch):
    seqs, labels = zip(*batch)
    lengths = torch.tensor([len(s) for s in seqs])
    padded = torch.full((len(seqs), int(lengths.max())), PAD, dtype=torch.long)
    for i, s in enumerate(seqs):
        padded[i, : len(s)] = s
    return padded, lengths, torch.tensor(labels)


def get_loaders(batch_size=32, seed=0):
    train = ParitySentiment(640, seed=seed)
    val = ParitySentiment(160, seed=seed + 1)
    return (
        DataLoader(train, batch_size=batch_size, shuffle=True, collate_fn=collate),
        DataLoader(val, batch_size=batch_size, collate_fn=collate),
    )
