import numpy as np
import torch


def stochastic_block_model(n_nodes, n_comm, p_in, p_out, n_features, seed):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, n_comm, n_nodes)
    same = labels[:, None] == labels[None, :]
    probs = np.where(same, p_in, p_out)
    upper = np.triu(rng.uniform(size=(n_nodes, n_nodes)) < probs, k=1)
    adj = (upper | upper.T).astype(np.float32)
    centers = rng.normal(0, 1, (n_comm, n_features))
    feats = centers[labels] * 0.4 + rng.normal(0, 1, (n_nodes, n_features))
    return torch.from_numpy(adj), torch.tensor(feats, dtype=torch.float32), torch.from_numpy(labels)


def normalized_adjacency(adj):
    a = adj + torch.eye(adj.shape[0])
    d = a.sum(1).pow(-0.5)
    return d[:, None] * a * d[None, :]


def split_masks(n, seed, train=0.6, val=0.2):
    g = torch.Generator().manual_seed(seed)
    perm = torch.randperm(n, generator=g)
    a, b = int(train * n), int((train + val) * n)
    return perm[:a], perm[a:b], perm[b:]
