import numpy as np
import torch
from torch.utils.data import Dataset

TAGS = ["rock", "piano", "vocals", "electronic", "ambient", "drums"]


class ClipEmbeddings(Dataset):
    """Pre-extracted 48-d audio embeddings with multi-hot tags (synthetic, rare tags are rare)."""

    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        tag_rate = np.array([0.4, 0.2, 0.5, 0.15, 0.06, 0.3])
        self.y = (rng.random((n, len(TAGS))) < tag_rate).astype(np.float32)
        basis = np.random.default_rng(99).normal(size=(len(TAGS), 48))
        self.x = (self.y @ basis + rng.normal(scale=0.8, size=(n, 48))).astype(np.float32)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i]), torch.from_numpy(self.y[i])
