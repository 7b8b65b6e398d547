import numpy as np
import torch


def load_graphs(n_nodes=120, n_snapshots=6, n_comm=4, seed=0):
    """synthetic evolving community graph (Enron-like sizes, scaled down): node features are one-hot ids"""
    rng = np.random.RandomState(seed)
    comm = rng.randint(0, n_comm, n_nodes)
    graphs, edge_lists = [], []
    for t in range(n_snapshots):
        p_in, p_out = 0.12 + 0.01 * t, 0.01
        same = comm[:, None] == comm[None, :]
        prob = np.where(same, p_in, p_out)
        a = (rng.rand(n_nodes, n_nodes) < prob).astype(np.float32)
        a = np.triu(a, 1)
        a = a + a.T
        edge_lists.append(np.stack(np.nonzero(np.triu(a, 1))))
        adj = a + np.eye(n_nodes, dtype=np.float32)
        feats = np.eye(n_nodes, dtype=np.float32)
        graphs.append((torch.from_numpy(feats), torch.from_numpy(adj)))
    return graphs, edge_lists


def sample_negative(n_nodes, n, seed=0):
    rng = np.random.RandomState(seed)
    return np.stack([rng.randint(0, n_nodes, n), rng.randint(0, n_nodes, n)])
