import torch


def stochastic_block_graph(num_nodes, num_classes, feat_dim, p_in, p_out, seed=0):
    """Citation-style SBM graph with noisy class-dependent bag-of-words features."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (num_nodes,), generator=g)
    same = y.unsqueeze(0) == y.unsqueeze(1)
    prob = torch.where(same, torch.tensor(p_in), torch.tensor(p_out))
    adj = (torch.rand(num_nodes, num_nodes, generator=g) < prob).float()
    adj = torch.triu(adj, diagonal=1)
    adj = adj + adj.T
    centers = torch.rand(num_classes, feat_dim, generator=g) < 0.15
    x = (torch.rand(num_nodes, feat_dim, generator=g) < 0.05).float()
    x = torch.clamp(x + (centers[y] & (torch.rand(num_nodes, feat_dim, generator=g) < 0.6)).float(), max=1.0)
    return x, adj, y


def normalize_adjacency(adj):
    a = adj + torch.eye(adj.size(0))
    d = a.sum(1).pow(-0.5)
    return d.unsqueeze(1) * a * d.unsqueeze(0)


def split_nodes(y, num_classes, train_per_class, seed=0):
    g = torch.Generator().manual_seed(seed)
    train = []
    for c in range(num_classes):
        idx = (y == c).nonzero().squeeze(1)
        idx = idx[torch.randperm(len(idx), generator=g)]
        train.append(idx[:train_per_class])
    train = torch.cat(train)
    mask = torch.ones_like(y, dtype=torch.bool)
    mask[train] = False
    test = mask.nonzero().squeeze(1)
    return train, test
