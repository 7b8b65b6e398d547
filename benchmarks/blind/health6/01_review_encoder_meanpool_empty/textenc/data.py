import torch
from torch.utils.data import Dataset

PAD = 0


def make_reviews(n, vocab_size=400, max_len=40, seed=0):
    """Synthetic product reviews: label 0 = negative, 1 = positive, 2 = neutral.
    Some reviews are empty after HTML/emoji stripping (they are kept: rating only, neutral)."""
    g = torch.Generator().manual_seed(seed)
    pos_words = torch.arange(10, 40)
    neg_words = torch.arange(40, 70)
    texts, labels = [], []
    for i in range(n):
        lab = int(torch.randint(0, 3, (1,), generator=g))
        if lab == 2 and torch.rand(1, generator=g).item() < 0.3:
            texts.append([])
            labels.append(2)
            continue
        L = int(torch.randint(5, max_len, (1,), generator=g))
        toks = torch.randint(70, vocab_size, (L,), generator=g)
        k = max(1, L // 4)
        idx = torch.randperm(L, generator=g)[:k]
        if lab == 0:
            toks[idx] = neg_words[torch.randint(0, 30, (k,), generator=g)]
        elif lab == 1:
            toks[idx] = pos_words[torch.randint(0, 30, (k,), generator=g)]
        texts.append(toks.tolist())
        labels.append(lab)
    return texts, labels


class ReviewDataset(Dataset):
    def __init__(self, texts, labels, max_len=40):
        self.texts, self.labels, self.max_len = texts, labels, max_len

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, i):
        return self.texts[i][: self.max_len], self.labels[i]


def collate(batch):
    L = max(1, max(len(t) for t, _ in batch))
    ids = torch.full((len(batch), L), PAD, dtype=torch.long)
    mask = torch.zeros((len(batch), L), dtype=torch.long)
    for i, (t, _) in enumerate(batch):
        if t:
            ids[i, : len(t)] = torch.tensor(t)
            mask[i, : len(t)] = 1
    labels = torch.tensor([y for _, y in batch])
    return ids, mask, labels
