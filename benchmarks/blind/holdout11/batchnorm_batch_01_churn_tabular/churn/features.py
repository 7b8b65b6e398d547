import numpy as np


class TabularEncoder:
    """Label-encodes categoricals and standardizes numericals, fit on the training rows only."""

    def __init__(self, categorical, numerical):
        self.categorical = categorical
        self.numerical = numerical

    def fit(self, cols, rows):
        self.vocabs = {c: {v: i for i, v in enumerate(sorted(set(cols[c][rows])))} for c in self.categorical}
        num = np.stack([cols[c][rows] for c in self.numerical], 1)
        self.mean, self.std = num.mean(0), num.std(0) + 1e-6
        return self

    @property
    def cardinalities(self):
        return [len(self.vocabs[c]) + 1 for c in self.categorical]   # +1 for unseen

    def transform(self, cols, rows):
        cat = np.stack(
            [[self.vocabs[c].get(v, len(self.vocabs[c])) for v in cols[c][rows]] for c in self.categorical], 1
        ).astype(np.int64)
        num = (np.stack([cols[c][rows] for c in self.numerical], 1) - self.mean) / self.std
        return cat, num.astype(np.float32)
