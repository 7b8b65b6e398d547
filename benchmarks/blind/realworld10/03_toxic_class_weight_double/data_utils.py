import numpy as np
import torch
from torch.utils.data import Dataset


def make_corpus(n, max_len, vocab_size, n_classes, seed):
    """Synthetic stand-in for the tokenized comment dump (ids + label)."""
    rng = np.random.RandomState(seed)
    # imbalanced labels, like the real toxic-comment split
    probs = np.array([0.6, 0.2, 0.12, 0.08])[:n_classes]
    probs = probs / probs.sum()
    labels = rng.choice(n_classes, size=n, p=probs)
    sents = []
    for y in labels:
        length = rng.randint(6, max_len + 1)
        toks = rng.randint(1, vocab_size, size=length)
        # class-specific trigger words
        toks[: 2] = 1 + y * 7 + rng.randint(0, 7, size=2)
        sents.append(toks.tolist())
    return sents, labels.tolist()


def pad_sents(sents, pad_id, max_len):
    out = np.full((len(sents), max_len), pad_id, dtype=np.int64)
    for i, s in enumerate(sents):
        s = s[:max_len]
        out[i, :len(s)] = s
    return out


def get_label_weight(labels, n_classes):
    counts = np.bincount(np.asarray(labels), minlength=n_classes)
    weight = counts.sum() / (n_classes * np.maximum(counts, 1))
    return torch.tensor(weight)


class CommentDataset(Dataset):
    def __init__(self, sents, labels, max_len):
        self.x = torch.from_numpy(pad_sents(sents, 0, max_len))
        self.y = torch.tensor(labels, dtype=torch.long)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
