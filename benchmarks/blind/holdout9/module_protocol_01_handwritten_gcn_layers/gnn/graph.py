import torch


def citation_like_graph(n_nodes=600, n_feats=50, n_classes=5, p_in=0.02, p_out=0.002, seed=0):
    """Stochastic block model with class-dependent bag-of-words style features."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n_nodes,), generator=g)
    same = (y[:, None] == y[None, :]).float()
    probs = same * p_in + (1 - same) * p_out
    adj = (torch.rand(n_nodes, n_nodes, generator=g) < probs).float()
    adj = torch.triu(adj, 1)
    adj = adj + adj.t()
    topic = torch.rand(n_classes, n_feats, generator=g)
    x = (torch.rand(n_nodes, n_feats, generator=g) < 0.1 + 0.3 * topic[y]).float()
    return x, adj, y


def normalized_adjacency(adj):
    a = adj + torch.eye(adj.size(0))
    d = a.sum(1).pow(-0.5)
    return (d[:, None] * a * d[None, :]).to_sparse()


def split_masks(n, seed=0, train=0.5, val=0.25):
    perm = torch.randperm(n, generator=torch.Generator().manual_seed(seed))
    masks = [torch.zeros(n, dtype=torch.bool) for _ in range(3)]
    a, b = int(train * n), int((train + val) * n)
    masks[0][perm[:a]] = True
    masks[1][perm[a:b]] = True
    masks[2][perm[b:]] = True
    return masks
