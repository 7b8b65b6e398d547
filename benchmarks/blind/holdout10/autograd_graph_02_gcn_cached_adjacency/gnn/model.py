import torch
import torch.nn as nn
import torch.nn.functional as F

from .layers import GraphConvolution


class AdaptiveGCN(nn.Module):
    """Two-layer GCN whose edge weights are learned (one logit per existing edge)."""

    def __init__(self, adj, in_dim, hidden, num_classes, dropout=0.5, learn_edges=True):
        super().__init__()
        self.register_buffer("adj", adj)
        self.learn_edges = learn_edges
        if learn_edges:
            self.edge_logits = nn.Parameter(torch.zeros_like(adj))
        self.gc1 = GraphConvolution(in_dim, hidden)
        self.gc2 = GraphConvolution(hidden, num_classes)
        self.dropout = dropout

    def normalized_adjacency(self):
        a = self.adj
        if self.learn_edges:
            a = a * torch.sigmoid(self.edge_logits) * 2.0
        a = a + torch.eye(a.size(0), device=a.device)
        d_inv_sqrt = a.sum(1).pow(-0.5)
        return d_inv_sqrt[:, None] * a * d_inv_sqrt[None, :]

    def forward(self, x, adj_norm=None):
        if adj_norm is None:
            adj_norm = self.normalized_adjacency()
        h = F.relu(self.gc1(x, adj_norm))
        h = F.dropout(h, self.dropout, self.training)
        return self.gc2(h, adj_norm)
