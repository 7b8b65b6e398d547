import torch
from torch.utils.data import DataLoader, TensorDataset

PAD = 0


class KeywordTopicData:
    """Each topic owns a handful of keywords; a document's topic is the one whose keywords occur most."""

    def __init__(self, n_train=512, n_val=128, seq_len=20, vocab=200, n_topics=3, seed=0):
        self.seq_len, self.vocab, self.n_topics = seq_len, vocab, n_topics
        g = torch.Generator().manual_seed(seed)
        self.keywords = torch.arange(1, 1 + n_topics * 4).view(n_topics, 4)
        self.train = self._sample(n_train, g)
        self.val = self._sample(n_val, g)

    def _sample(self, n, g):
        filler_lo = 1 + self.keywords.numel()
        tokens = torch.randint(filler_lo, self.vocab, (n, self.seq_len), generator=g)
        labels = torch.randint(0, self.n_topics, (n,), generator=g)
        lengths = torch.randint(self.seq_len // 2, self.seq_len + 1, (n,), generator=g)
        for i in range(n):
            pos = torch.randperm(int(lengths[i]), generator=g)[:4]
            kw = self.keywords[labels[i], torch.randint(0, 4, (4,), generator=g)]
            tokens[i, pos] = kw
            tokens[i, int(lengths[i]):] = PAD
        return TensorDataset(tokens, labels)

    def train_loader(self, batch_size):
        return DataLoader(self.train, batch_size=batch_size, shuffle=True)

    def val_loader(self, batch_size=128):
        return DataLoader(self.val, batch_size=batch_size)
