import numpy as np
import torch
from torch.utils.data import Dataset


class SyntheticMultiLabel(Dataset):
    """Each label paints a fixed colour/position pattern; labels co-occur in pairs."""

    def __init__(self, n, num_classes=6, size=12, seed=0):
        rng = np.random.RandomState(seed)
        prng = np.random.RandomState(99)
        patterns = prng.randn(num_classes, 3, size, size).astype(np.float32) * (prng.rand(num_classes, 1, size, size) > 0.7)
        self.x, self.y = [], []
        for _ in range(n):
            y = (rng.rand(num_classes) < 0.3).astype(np.float32)
            if y[0]:
                y[1] = 1.0
            if y.sum() == 0:
                y[rng.randint(num_classes)] = 1.0
            img = 0.3 * rng.randn(3, size, size).astype(np.float32) + np.tensordot(y, patterns, axes=1)
            self.x.append(torch.from_numpy(img.astype(np.float32)))
            self.y.append(torch.from_numpy(y))

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def label_word_vectors(num_classes, dim, seed=7):
    """Stand-in for the GloVe label embeddings (inp) loaded from a pickle."""
    rng = np.random.RandomState(seed)
    return torch.from_numpy(rng.randn(num_classes, dim).astype(np.float32))
