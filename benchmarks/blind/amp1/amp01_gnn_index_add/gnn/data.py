from dataclasses import dataclass

import torch


@dataclass
class Graph:
    x: torch.Tensor
    edge_index: torch.Tensor
    y: torch.Tensor
    train_mask: torch.Tensor
    val_mask: torch.Tensor

    def to(self, device):
        return Graph(*(t.to(device) for t in (self.x, self.edge_index, self.y, self.train_mask, self.val_mask)))


def make_synthetic_graph(num_nodes, num_edges, in_dim, num_classes, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (num_nodes,), generator=g)
    centers = torch.randn(num_classes, in_dim, generator=g) * 2.0
    x = centers[y] + torch.randn(num_nodes, in_dim, generator=g)
    # homophilous edges: mostly connect nodes of the same class
    src = torch.randint(0, num_nodes, (num_edges,), generator=g)
    same = torch.rand(num_edges, generator=g) < 0.8
    dst = torch.randint(0, num_nodes, (num_edges,), generator=g)
    for c in range(num_classes):
        pool = (y == c).nonzero().squeeze(1)
        pick = same & (y[src] == c)
        dst[pick] = pool[torch.randint(0, len(pool), (int(pick.sum()),), generator=g)]
    edge_index = torch.stack([torch.cat([src, dst]), torch.cat([dst, src])])
    perm = torch.randperm(num_nodes, generator=g)
    train_mask = torch.zeros(num_nodes, dtype=torch.bool)
    train_mask[perm[: int(0.7 * num_nodes)]] = True
    return Graph(x, edge_index, y, train_mask, ~train_mask)
