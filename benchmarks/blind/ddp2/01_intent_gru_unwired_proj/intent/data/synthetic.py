import torch
from torch.utils.data import Dataset


class SyntheticIntents(Dataset):
    """Each intent has a few 'keyword' tokens that appear in its utterances."""

    def __init__(self, num_samples, vocab_size, num_classes, seq_len, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, num_classes, (num_samples,), generator=g)
        self.tokens = torch.randint(1, vocab_size, (num_samples, seq_len), generator=g)
        keywords = torch.arange(num_classes) * 7 + 3
        pos = torch.randint(0, seq_len, (num_samples,), generator=g)
        self.tokens[torch.arange(num_samples), pos] = keywords[self.labels]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.tokens[idx], self.labels[idx]
