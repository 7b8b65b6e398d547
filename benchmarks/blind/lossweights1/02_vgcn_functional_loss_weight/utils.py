import numpy as np
import torch


def get_class_count_and_weight(y, n_classes):
    classes_count = []
    weight = []
    for i in range(n_classes):
        count = np.sum(y == i)
        classes_count.append(count)
        weight.append(len(y) / (n_classes * count))
    return classes_count, weight


def build_vocab_adj(n_vocab, rng, window=3):
    """Normalised co-occurrence graph over the vocabulary (random corpus)."""
    adj = np.eye(n_vocab, dtype=np.float32)
    for _ in range(n_vocab * 4):
        a = rng.randint(n_vocab)
        b = min(n_vocab - 1, a + rng.randint(1, window + 1))
        adj[a, b] += 1.0
        adj[b, a] += 1.0
    d = adj.sum(1)
    d_inv = np.power(d, -0.5)
    return torch.from_numpy((adj * d_inv[:, None]) * d_inv[None, :])


def make_corpus(n_docs, n_vocab, seq_len, n_classes, rng):
    y = rng.choice(n_classes, size=n_docs, p=[0.6, 0.3, 0.1])
    band = n_vocab // n_classes
    X = rng.randint(0, n_vocab, size=(n_docs, seq_len))
    topical = rng.rand(n_docs, seq_len) < 0.5
    X[topical] = (y[:, None] * band + rng.randint(0, band, size=(n_docs, seq_len)))[topical]
    return X.astype(np.int64), y.astype(np.int64)
