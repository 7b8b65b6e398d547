import torch
from torch.utils.data import Dataset

PAD, CLS, MASK = 0, 1, 2
FIRST_TOKEN = 3


class MotifSequences(Dataset):
    """Token sequences; the label is which of three motifs was planted in the sequence."""

    def __init__(self, n, vocab_size, max_len, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        motifs = torch.randint(FIRST_TOKEN, vocab_size, (num_classes, 4), generator=g)
        self.items = []
        for _ in range(n):
            label = int(torch.randint(num_classes, (1,), generator=g))
            length = int(torch.randint(max_len // 2, max_len + 1, (1,), generator=g))
            seq = torch.randint(FIRST_TOKEN, vocab_size, (length,), generator=g)
            start = int(torch.randint(0, length - 4, (1,), generator=g))
            seq[start:start + 4] = motifs[label]
            self.items.append((seq, label))
        self.max_len = max_len

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        seq, label = self.items[idx]
        seq = seq[: self.max_len]
        ids = torch.cat([torch.tensor([CLS]), seq])
        ids = torch.nn.functional.pad(ids, (0, self.max_len + 1 - len(ids)), value=PAD)
        return ids, label


def mask_tokens(ids, mask_prob, generator=None):
    """BERT-style masking for the auxiliary head; returns (masked_ids, targets) with -100 where unmasked."""
    probs = torch.rand(ids.shape, generator=generator)
    sel = (probs < mask_prob) & (ids >= FIRST_TOKEN)
    targets = torch.where(sel, ids, torch.full_like(ids, -100))
    masked = ids.masked_fill(sel, MASK)
    return masked, targets
