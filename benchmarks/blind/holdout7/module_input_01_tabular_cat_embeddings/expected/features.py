import csv

import numpy as np


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class CategoryEncoder:
    """Maps raw category strings to integer codes; 0 is kept for unseen values."""

    def __init__(self):
        self.vocab = {}

    def fit(self, values):
        uniques = sorted(set(values))
        self.vocab = {v: i + 1 for i, v in enumerate(uniques)}
        return self

    def transform(self, values):
        return np.array([self.vocab.get(v, 0) for v in values], dtype=np.int64)

    @property
    def cardinality(self):
        return len(self.vocab) + 1


def build_features(rows, cat_cols, num_cols, target):
    encoders = {}
    cat_arrays = []
    for col in cat_cols:
        values = [r[col] for r in rows]
        enc = CategoryEncoder().fit(values)
        encoders[col] = enc
        cat_arrays.append(enc.transform(values))
    x_cat = np.stack(cat_arrays, axis=1)

    x_num = np.array([[float(r[c]) for c in num_cols] for r in rows], dtype=np.float32)
    mean = x_num.mean(axis=0, keepdims=True)
    std = x_num.std(axis=0, keepdims=True) + 1e-6
    x_num = (x_num - mean) / std

    y = np.array([float(r[target]) for r in rows], dtype=np.float32)
    cardinalities = [encoders[c].cardinality for c in cat_cols]
    return x_cat, x_num, y, cardinalities
