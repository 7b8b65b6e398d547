import numpy as np
import torch
from torch.utils.data import Dataset


def make_signals(n_ids=20, per_id=40, length=64, seed=0):
    """Each identity is a random mixture of sinusoids; samples are noisy, shifted copies."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, length, dtype=np.float32)
    xs, ys = [], []
    for ident in range(n_ids):
        freqs = rng.uniform(1, 8, size=3)
        amps = rng.uniform(0.5, 1.5, size=3)
        for _ in range(per_id):
            phase = rng.uniform(0, 2 * np.pi)
            sig = sum(a * np.sin(2 * np.pi * f * t + phase) for a, f in zip(amps, freqs))
            xs.append(sig + rng.normal(0, 0.4, size=length))
            ys.append(ident)
    return np.asarray(xs, dtype=np.float32)[:, None, :], np.asarray(ys)


class PairDataset(Dataset):
    def __init__(self, x, y, n_pairs=2000, seed=0):
        rng = np.random.default_rng(seed)
        self.x = torch.from_numpy(x)
        by_id = {k: np.flatnonzero(y == k) for k in np.unique(y)}
        ids = list(by_id)
        pairs = []
        for i in range(n_pairs):
            a_id = rng.choice(ids)
            if i % 2 == 0:
                a, b = rng.choice(by_id[a_id], 2, replace=False)
                same = 1.0
            else:
                b_id = rng.choice([k for k in ids if k != a_id])
                a, b = rng.choice(by_id[a_id]), rng.choice(by_id[b_id])
                same = 0.0
            pairs.append((a, b, same))
        self.pairs = pairs

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        a, b, same = self.pairs[i]
        return self.x[a], self.x[b], torch.tensor(same)
