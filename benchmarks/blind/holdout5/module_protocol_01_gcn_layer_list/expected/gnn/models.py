import torch.nn as nn
import torch.nn.functional as F

from .layers import GraphConv


class GCN(nn.Module):
    def __init__(self, in_dim, hidden_dims, num_classes, dropout=0.5):
        super().__init__()
        dims = [in_dim] + list(hidden_dims) + [num_classes]
        self.layers = nn.ModuleList()
        for a, b in zip(dims[:-1], dims[1:]):
            self.layers.append(GraphConv(a, b))
        self.dropout = dropout

    def forward(self, x, adj):
        for i, layer in enumerate(self.layers):
            x = F.dropout(x, self.dropout, self.training)
            x = layer(x, adj)
            if i < len(self.layers) - 1:
                x = F.relu(x)
        return x


class FeatureMLP(nn.Module):
    """Graph-agnostic baseline that ignores the adjacency."""

    def __init__(self, in_dim, hidden_dims, num_classes, dropout=0.5):
        super().__init__()
        dims = [in_dim] + list(hidden_dims)
        blocks = []
        for a, b in zip(dims[:-1], dims[1:]):
            blocks += [nn.Dropout(dropout), nn.Linear(a, b), nn.ReLU()]
        self.body = nn.Sequential(*blocks, nn.Linear(dims[-1], num_classes))

    def forward(self, x, adj=None):
        return self.body(x)
