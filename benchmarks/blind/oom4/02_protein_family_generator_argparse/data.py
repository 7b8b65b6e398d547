import numpy as np

AMINO = "ACDEFGHIKLMNPQRSTVWY"
PAD = 0


def synthetic_pfam(n, max_len, n_families, seed):
    rng = np.random.default_rng(seed)
    motifs = rng.integers(1, len(AMINO) + 1, size=(n_families, 12))
    X = np.zeros((n, max_len), dtype=np.int64)
    y = rng.integers(0, n_families, size=n)
    for i in range(n):
        L = rng.integers(max_len // 2, max_len + 1)
        seq = rng.integers(1, len(AMINO) + 1, size=L)
        for _ in range(4):
            p = rng.integers(0, L - 12)
            seq[p:p + 12] = motifs[y[i]]
        X[i, :L] = seq
    return X, y


def iterate_minibatches(X, y, batch_size, shuffle=True, rng=None):
    idx = np.arange(len(X))
    if shuffle:
        (rng or np.random).shuffle(idx)
    for start in range(0, len(X), batch_size):
        sel = idx[start:start + batch_size]
        yield X[sel], y[sel]
