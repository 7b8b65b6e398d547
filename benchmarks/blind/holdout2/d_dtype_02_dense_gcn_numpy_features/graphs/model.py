import torch
from torch import nn


class DenseGCNLayer(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, x, adj):
        # x: (B, N, F), adj: (B, N, N)
        return torch.relu(adj @ self.lin(x))


class GraphRegressor(nn.Module):
    def __init__(self, in_dim, hidden_dims):
        super().__init__()
        dims = [in_dim] + list(hidden_dims)
        self.layers = nn.ModuleList(DenseGCNLayer(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.readout = nn.Sequential(nn.Linear(dims[-1], 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x, adj, mask):
        for layer in self.layers:
            x = layer(x, adj) * mask.unsqueeze(-1)
        pooled = x.sum(1) / mask.sum(1, keepdim=True)
        return self.readout(pooled).squeeze(-1)
