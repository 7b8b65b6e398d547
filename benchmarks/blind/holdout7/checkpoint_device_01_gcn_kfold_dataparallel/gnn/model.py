import torch
import torch.nn as nn


def normalize_adj(adj, mask):
    a = adj + torch.diag_embed(mask)
    deg = a.sum(-1).clamp(min=1)
    d = deg.pow(-0.5)
    return d.unsqueeze(-1) * a * d.unsqueeze(-2)


class DenseGCNLayer(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)
        self.norm = nn.LayerNorm(d_out)

    def forward(self, h, a_hat, mask):
        h = a_hat @ self.lin(h)
        return torch.relu(self.norm(h)) * mask.unsqueeze(-1)


class GCNRegressor(nn.Module):
    def __init__(self, n_feat, hidden, n_layers):
        super().__init__()
        dims = [n_feat] + [hidden] * n_layers
        self.layers = nn.ModuleList([DenseGCNLayer(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.readout = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x, adj, mask):
        a_hat = normalize_adj(adj, mask)
        h = x
        for layer in self.layers:
            h = layer(h, a_hat, mask)
        n = mask.sum(1, keepdim=True).clamp(min=1)
        mean_pool = h.sum(1) / n
        max_pool = (h - 1e4 * (1 - mask.unsqueeze(-1))).max(1).values
        return self.readout(torch.cat([mean_pool, max_pool], dim=-1)).squeeze(-1)
