import torch


def stochastic_block_graph(num_nodes, num_features, num_classes, p_in, p_out, seed):
    """Planted-partition graph with noisy class-correlated node features (Cora-like toy)."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, num_classes, (num_nodes,), generator=g)
    same = labels[:, None] == labels[None, :]
    probs = torch.where(same, torch.tensor(p_in), torch.tensor(p_out))
    adj = (torch.rand(num_nodes, num_nodes, generator=g) < probs).float()
    adj = torch.triu(adj, diagonal=1)
    adj = adj + adj.T
    centers = torch.randn(num_classes, num_features, generator=g)
    x = centers[labels] + 1.5 * torch.randn(num_nodes, num_features, generator=g)
    return x, adj, labels


def normalize_adjacency(adj):
    a_hat = adj + torch.eye(adj.size(0))
    deg_inv_sqrt = a_hat.sum(1).pow(-0.5)
    return deg_inv_sqrt[:, None] * a_hat * deg_inv_sqrt[None, :]


def split_masks(num_nodes, seed, train=0.6, val=0.2):
    perm = torch.randperm(num_nodes, generator=torch.Generator().manual_seed(seed))
    n_tr, n_va = int(train * num_nodes), int(val * num_nodes)
    masks = [torch.zeros(num_nodes, dtype=torch.bool) for _ in range(3)]
    masks[0][perm[:n_tr]] = True
    masks[1][perm[n_tr:n_tr + n_va]] = True
    masks[2][perm[n_tr + n_va:]] = True
    return masks
