import torch
import torch.nn as nn
import torch.nn.functional as F


def normalize_adj(adj):
    adj = adj + torch.eye(adj.size(-1), device=adj.device)
    d = adj.sum(-1).rsqrt()
    return d.unsqueeze(-1) * adj * d.unsqueeze(-2)


class GCNLayer(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, a_hat, h):
        return torch.bmm(a_hat, self.lin(h))


class GCNRegressor(nn.Module):
    def __init__(self, in_dim, hidden=64, layers=3, dropout=0.1, lr=1e-3, weight_decay=1e-5):
        super().__init__()
        self.hparams = dict(in_dim=in_dim, hidden=hidden, layers=layers, dropout=dropout, lr=lr,
                            weight_decay=weight_decay)
        dims = [in_dim] + [hidden] * layers
        self.convs = nn.ModuleList(GCNLayer(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.norms = nn.ModuleList(nn.LayerNorm(hidden) for _ in range(layers))
        self.drop = nn.Dropout(dropout)
        self.readout = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, adj, x):
        a_hat = normalize_adj(adj)
        h = x
        for conv, norm in zip(self.convs, self.norms):
            h = self.drop(F.relu(norm(conv(a_hat, h))))
        g = torch.cat([h.mean(1), h.max(1).values], dim=-1)
        return self.readout(g).squeeze(-1)

    def training_step(self, batch):
        adj, x, y = batch
        return F.mse_loss(self(adj, x).float(), y)

    def validation_step(self, batch):
        adj, x, y = batch
        pred = self(adj, x)
        return {"val_loss": F.mse_loss(pred, y), "val_mae": (pred - y).abs().mean()}

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams["lr"], weight_decay=self.hparams["weight_decay"])
