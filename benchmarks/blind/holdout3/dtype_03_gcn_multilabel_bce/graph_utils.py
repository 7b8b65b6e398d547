import torch


def random_community_graph(num_nodes, num_communities, p_in=0.08, p_out=0.005, seed=0):
    g = torch.Generator().manual_seed(seed)
    community = torch.randint(0, num_communities, (num_nodes,), generator=g)
    same = community[:, None] == community[None, :]
    prob = torch.where(same, torch.tensor(p_in), torch.tensor(p_out))
    adj = (torch.rand(num_nodes, num_nodes, generator=g) < prob).float()
    adj = torch.triu(adj, diagonal=1)
    adj = adj + adj.T
    return adj, community


def normalize_adjacency(adj):
    a_hat = adj + torch.eye(adj.size(0))
    deg_inv_sqrt = a_hat.sum(1).pow(-0.5)
    return deg_inv_sqrt[:, None] * a_hat * deg_inv_sqrt[None, :]


def multi_hot(tag_lists, num_tags):
    out = torch.zeros(len(tag_lists), num_tags, dtype=torch.long)
    for i, tags in enumerate(tag_lists):
        out[i, tags] = 1
    return out


def node_tags(community, num_tags, seed=0):
    g = torch.Generator().manual_seed(seed + 1)
    tags = []
    for c in community.tolist():
        primary = [c % num_tags, (c * 3 + 1) % num_tags]
        extra = torch.randint(0, num_tags, (1,), generator=g).tolist() if torch.rand(1, generator=g) < 0.2 else []
        tags.append(sorted(set(primary + extra)))
    return tags
