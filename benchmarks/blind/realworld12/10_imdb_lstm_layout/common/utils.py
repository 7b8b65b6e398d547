import numpy as np


def imdb_for_library(seq_len=100, max_features=20000, n_train=640, n_test=160, seed=0):
    """Synthetic stand-in for the Keras IMDB arrays: left-padded word-id sequences
    of shape (N, seq_len) and 0/1 labels. Reviews with label 1 use more ids from a
    'positive' band of the vocabulary."""
    rng = np.random.RandomState(seed)

    def make(n):
        x = np.zeros((n, seq_len), dtype=np.int64)
        y = rng.randint(0, 2, size=n).astype(np.int64)
        for i in range(n):
            L = rng.randint(seq_len // 3, seq_len + 1)
            words = rng.randint(4, max_features, size=L)
            k = rng.randint(3, 8)
            band = (10, 60) if y[i] == 1 else (60, 110)
            words[rng.choice(L, k, replace=False)] = rng.randint(*band, size=k)
            x[i, seq_len - L:] = words
        return x, y

    x_train, y_train = make(n_train)
    x_test, y_test = make(n_test)
    return x_train, x_test, y_train, y_test


def yield_mb(X, y, batchsize=64, shuffle=False):
    if shuffle:
        idx = np.random.permutation(len(X))
        X, y = X[idx], y[idx]
    for i in range(len(X) // batchsize):
        yield X[i * batchsize:(i + 1) * batchsize], y[i * batchsize:(i + 1) * batchsize]
