import numpy as np
import torch
from torch.utils.data import Dataset


def random_molecule(rng, max_nodes, n_feat):
    n = int(rng.integers(5, max_nodes + 1))
    adj = np.zeros((max_nodes, max_nodes), dtype=np.float32)
    for i in range(1, n):  # random tree backbone
        j = int(rng.integers(0, i))
        adj[i, j] = adj[j, i] = 1.0
    for _ in range(int(rng.integers(0, 3))):  # a few rings
        i, j = rng.integers(0, n, size=2)
        if i != j:
            adj[i, j] = adj[j, i] = 1.0
    atom = rng.integers(0, n_feat, size=n)
    x = np.zeros((max_nodes, n_feat), dtype=np.float32)
    x[np.arange(n), atom] = 1.0
    mask = np.zeros(max_nodes, dtype=np.float32)
    mask[:n] = 1.0
    degree = adj.sum(1)[:n]
    y = 0.3 * n + 0.5 * (atom == 2).sum() - 0.4 * (atom == 5).sum() + 0.2 * (degree >= 3).sum()
    return x, adj, mask, np.float32(y + rng.normal(0, 0.1))


class MoleculeSet(Dataset):
    def __init__(self, n, max_nodes, n_feat, seed):
        rng = np.random.default_rng(seed)
        items = [random_molecule(rng, max_nodes, n_feat) for _ in range(n)]
        self.x = torch.from_numpy(np.stack([it[0] for it in items]))
        self.adj = torch.from_numpy(np.stack([it[1] for it in items]))
        self.mask = torch.from_numpy(np.stack([it[2] for it in items]))
        self.y = torch.tensor([it[3] for it in items])

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.adj[i], self.mask[i], self.y[i]
