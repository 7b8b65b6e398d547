import numpy as np
import torch


class SignatureFeatures:
    """Pre-extracted handwriting features, grouped by writer."""

    def __init__(self, num_writers=24, samples_per_writer=6, feature_dim=48, seed=0):
        rng = np.random.default_rng(seed)
        centers = rng.normal(0, 1, size=(num_writers, feature_dim))
        x = centers[:, None, :] + 0.6 * rng.normal(0, 1, size=(num_writers, samples_per_writer, feature_dim))
        self.x = torch.tensor(x.reshape(-1, feature_dim), dtype=torch.float32)
        self.writer = torch.arange(num_writers).repeat_interleave(samples_per_writer)
        self.by_writer = {w: (self.writer == w).nonzero().flatten().tolist() for w in range(num_writers)}
        self.num_writers = num_writers


class PairSampler:
    def __init__(self, feats, pairs_per_epoch=1536, seed=0):
        self.feats = feats
        self.pairs_per_epoch = pairs_per_epoch
        self.rng = np.random.default_rng(seed + 1)

    def epoch_pairs(self):
        f = self.feats
        n = self.pairs_per_epoch
        spw = len(f.writer) // f.num_writers
        w = self.rng.integers(f.num_writers, size=n)
        same = (np.arange(n) % 2 == 0)
        other = (w + self.rng.integers(1, f.num_writers, size=n)) % f.num_writers
        w_b = np.where(same, w, other)
        idx_a = w * spw + self.rng.integers(spw, size=n)
        idx_b = w_b * spw + self.rng.integers(spw, size=n)
        return f.x[idx_a], f.x[idx_b], torch.tensor(same, dtype=torch.float32)
