import os

import numpy as np

DATA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "german.data-numeric")


def _write_fake_german(path, n=1000, seed=0):
    # same layout as the UCI "german.data-numeric" file: 24 integer attributes, last column is the label (1 good / 2 bad)
    rng = np.random.RandomState(seed)
    X = rng.randint(0, 10, size=(n, 24))
    score = X[:, 0] * 0.6 - X[:, 1] * 0.4 + X[:, 4] * 0.3 + rng.randn(n) * 1.5
    lab = np.where(score > np.median(score), 1, 2)
    np.savetxt(path, np.column_stack([X, lab]), fmt="%4d")


def load_german(n_train=900):
    if not os.path.exists(DATA_FILE):
        _write_fake_german(DATA_FILE)
    data = np.loadtxt(DATA_FILE)
    n, l = data.shape
    for j in range(l - 1):
        meanVal = np.mean(data[:, j])
        stdVal = np.std(data[:, j])
        data[:, j] = (data[:, j] - meanVal) / stdVal
    np.random.seed(0)
    np.random.shuffle(data)
    train_data = data[:n_train, :l - 1]
    train_lab = data[:n_train, l - 1:] - 1
    test_data = data[n_train:, :l - 1]
    test_lab = data[n_train:, l - 1:] - 1
    return train_data, train_lab, test_data, test_lab
