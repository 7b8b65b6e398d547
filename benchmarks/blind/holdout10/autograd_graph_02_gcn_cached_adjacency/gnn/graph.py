import numpy as np
import torch


def stochastic_block_model(num_nodes, num_classes, feat_dim, p_in, p_out, seed=0):
    """Planted-partition graph with class-dependent noisy features."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, num_classes, size=num_nodes)
    same = labels[:, None] == labels[None, :]
    probs = np.where(same, p_in, p_out)
    upper = np.triu(rng.random((num_nodes, num_nodes)) < probs, k=1)
    adj = (upper | upper.T).astype(np.float32)
    centers = rng.normal(0, 1.0, size=(num_classes, feat_dim))
    feats = centers[labels] + rng.normal(0, 2.0, size=(num_nodes, feat_dim))
    return (torch.tensor(adj), torch.tensor(feats, dtype=torch.float32),
            torch.tensor(labels, dtype=torch.long))


def split_nodes(num_nodes, train_frac, seed=0):
    g = torch.Generator().manual_seed(seed)
    perm = torch.randperm(num_nodes, generator=g)
    n_train = int(train_frac * num_nodes)
    return perm[:n_train], perm[n_train:]
