import numpy as np
import torch
from torch.utils.data import Dataset


class SignaturePairs(Dataset):
    """Genuine/forgery pairs built from per-writer feature vectors.

    Each writer has a prototype; each signature is the prototype plus noise.
    Half the pairs are genuine (same writer), half are different writers.
    """

    def __init__(self, n_writers, per_writer, dim, n_pairs, seed=0):
        rng = np.random.RandomState(seed)
        protos = rng.randn(n_writers, dim) * 1.5
        feats = protos[:, None, :] + 0.5 * rng.randn(n_writers, per_writer, dim)
        self.feats = torch.tensor(feats.reshape(-1, dim), dtype=torch.float32)
        self.writer = np.repeat(np.arange(n_writers), per_writer)
        by_writer = {w: np.where(self.writer == w)[0] for w in range(n_writers)}

        pairs = []
        for k in range(n_pairs):
            i = rng.randint(len(self.writer))
            if k % 2 == 0:
                j = rng.choice(by_writer[self.writer[i]])
                pairs.append((i, j, 1.0))
            else:
                other = (self.writer[i] + rng.randint(1, n_writers)) % n_writers
                j = rng.choice(by_writer[other])
                pairs.append((i, j, 0.0))
        self.pairs = pairs

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, idx):
        i, j, same = self.pairs[idx]
        return self.feats[i], self.feats[j], torch.tensor(same)
