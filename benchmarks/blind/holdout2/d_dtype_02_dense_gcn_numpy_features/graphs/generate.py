"""Random 'molecule-like' graphs padded to MAX_NODES, with a regression target (a made-up solubility score)."""
import numpy as np

MAX_NODES = 16
ATOM_TYPES = 5


def random_graph(rng):
    n = int(rng.integers(6, MAX_NODES + 1))
    adj = np.zeros((MAX_NODES, MAX_NODES), dtype=np.float32)
    # a random spanning chain plus a few ring closures
    for i in range(1, n):
        j = int(rng.integers(0, i))
        adj[i, j] = adj[j, i] = 1.0
    for _ in range(int(rng.integers(0, 3))):
        a, b = rng.integers(0, n, size=2)
        if a != b:
            adj[a, b] = adj[b, a] = 1.0
    atom = rng.integers(0, ATOM_TYPES, size=n)
    feats = np.zeros((MAX_NODES, ATOM_TYPES + 2))
    feats[np.arange(n), atom] = 1.0
    feats[:n, ATOM_TYPES] = adj[:n, :n].sum(1) / 4.0           # degree
    feats[:n, ATOM_TYPES + 1] = rng.normal(0, 0.1, size=n)     # partial charge
    mask = np.zeros(MAX_NODES, dtype=np.float32)
    mask[:n] = 1.0
    y = np.float32(0.3 * (atom == 1).sum() - 0.2 * (atom == 3).sum() + 0.05 * adj.sum() / 2)
    return feats, adj, mask, y
