import numpy as np
import torch
from torch.utils.data import Dataset

from .generate import random_graph


def normalize_adjacency(adj):
    """D^-1/2 (A + I) D^-1/2 as in Kipf & Welling."""
    a_hat = adj + np.eye(adj.shape[0], dtype=np.float32)
    d = a_hat.sum(1)
    d_inv_sqrt = 1.0 / np.sqrt(d)
    return (a_hat * d_inv_sqrt[:, None] * d_inv_sqrt[None, :]).astype(np.float32)


class MoleculeGraphs(Dataset):
    def __init__(self, n_graphs, seed):
        rng = np.random.default_rng(seed)
        self.items = []
        for _ in range(n_graphs):
            feats, adj, mask, y = random_graph(rng)
            self.items.append((
                torch.from_numpy(feats),
                torch.from_numpy(normalize_adjacency(adj)),
                torch.from_numpy(mask),
                torch.tensor(y),
            ))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        return self.items[idx]
