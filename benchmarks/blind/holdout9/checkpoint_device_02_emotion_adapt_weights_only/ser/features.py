import numpy as np

EMOTIONS = ["neutral", "happy", "sad", "angry"]


def utterance_stats(n_utts, n_feats=88, seed=0, domain_shift=0.0):
    """eGeMAPS-like functionals per utterance (precomputed, float64 like the CSV export)."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, len(EMOTIONS), n_utts)
    centers = np.random.default_rng(123).normal(0, 1.5, (len(EMOTIONS), n_feats))
    scale = np.linspace(0.5, 30.0, n_feats)
    x = (centers[labels] + rng.normal(0, 1.0, (n_utts, n_feats)) + domain_shift) * scale
    return x, labels


class Standardizer:
    def fit(self, x):
        self.mean_ = x.mean(axis=0)
        self.std_ = x.std(axis=0) + 1e-8
        return self

    def transform(self, x):
        return (x - self.mean_) / self.std_

    def state(self):
        return {"mean": self.mean_, "std": self.std_}

    @classmethod
    def from_state(cls, state):
        s = cls()
        s.mean_ = np.asarray(state["mean"])
        s.std_ = np.asarray(state["std"])
        return s
