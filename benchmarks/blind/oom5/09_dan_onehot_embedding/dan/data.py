import torch
from torch.utils.data import Dataset


class TopicDocs(Dataset):
    """Documents of random tokens; each topic over-samples its own slice of the vocabulary."""

    def __init__(self, n, vocab_size, seq_len, num_topics, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_topics, (n,), generator=g)
        docs = torch.randint(1, vocab_size, (n, seq_len), generator=g)
        span = (vocab_size - 1) // num_topics
        topical = torch.rand(n, seq_len, generator=g) < 0.2
        offsets = torch.randint(0, span, (n, seq_len), generator=g)
        docs[topical] = (1 + self.labels[:, None] * span + offsets)[topical]
        lengths = torch.randint(seq_len // 2, seq_len + 1, (n,), generator=g)
        docs[torch.arange(seq_len)[None, :] >= lengths[:, None]] = 0
        self.docs = docs

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.docs[i], self.labels[i]
