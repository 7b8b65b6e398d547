import numpy as np
import torch
from torch.utils.data import Dataset

NO_LABEL = -1


def write_annotations(path, n, n_classes, dim, labeled_frac, seed):
    """Simulates the exported annotation file: `class_id f1 ... fD`, class ids 1..n_classes, 0 = unlabeled."""
    rng = np.random.default_rng(seed)
    protos = rng.normal(scale=2.0, size=(n_classes, dim))
    cls = rng.integers(n_classes, size=n)
    x = protos[cls] + rng.normal(size=(n, dim))
    ids = cls + 1
    ids[rng.random(n) > labeled_frac] = 0
    np.savetxt(path, np.concatenate([ids[:, None], x], axis=1), fmt="%.5f")


class AnnotatedPoints(Dataset):
    def __init__(self, path, noise=0.3):
        arr = np.loadtxt(path, dtype=np.float32)
        self.x = torch.from_numpy(arr[:, 1:])
        ids = arr[:, 0].astype(np.int64)
        self.y = torch.from_numpy(np.where(ids == 0, NO_LABEL, ids))
        self.noise = noise

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        x = self.x[i]
        # two stochastic views for the student / teacher
        return (x + self.noise * torch.randn_like(x), x + self.noise * torch.randn_like(x)), self.y[i]
