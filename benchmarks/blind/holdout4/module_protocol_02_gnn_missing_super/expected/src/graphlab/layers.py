import torch
import torch.nn as nn


class GraphConv(nn.Module):
    """Kipf & Welling style propagation: A_hat @ X @ W."""

    def __init__(self, in_dim, out_dim, bias=True):
        super().__init__()
        self.in_dim = in_dim
        self.out_dim = out_dim
        self.linear = nn.Linear(in_dim, out_dim, bias=bias)

    def forward(self, x, a_hat):
        return a_hat @ self.linear(x)

    def extra_repr(self):
        return f"{self.in_dim} -> {self.out_dim}"


class GCN(nn.Module):
    def __init__(self, in_dim, hidden, n_classes, n_layers=2, dropout=0.5):
        super().__init__()
        dims = [in_dim] + [hidden] * (n_layers - 1) + [n_classes]
        self.convs = nn.ModuleList(GraphConv(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, a_hat):
        for i, conv in enumerate(self.convs):
            x = conv(self.dropout(x), a_hat)
            if i < len(self.convs) - 1:
                x = torch.relu(x)
        return x
