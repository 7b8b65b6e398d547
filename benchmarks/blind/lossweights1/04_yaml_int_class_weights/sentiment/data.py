import numpy as np
import torch
from torch.utils.data import Dataset


class ReviewFeatures(Dataset):
    """Pre-computed sentence features (synthetic): one mean vector per sentiment."""

    def __init__(self, n, n_features, label_freq, seed):
        rng = np.random.default_rng(seed)
        centers = np.random.default_rng(1234).normal(size=(len(label_freq), n_features))
        self.y = rng.choice(len(label_freq), size=n, p=label_freq)
        self.x = (centers[self.y] + rng.normal(scale=1.5, size=(n, n_features))).astype(np.float32)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), int(self.y[i])
