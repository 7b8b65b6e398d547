import torch
import torch.nn as nn


class MessageLayer(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.msg = nn.Linear(hidden, hidden)
        self.upd = nn.GRUCell(hidden, hidden)
        # gate messages by the sender/receiver pair (added in v0.3)
        self.edge_gate = nn.Linear(2 * hidden, 1)

    def forward(self, h, adj):
        # h: [B, N, H], adj: [B, N, N]
        B, N, H = h.shape
        pair = torch.cat([h.unsqueeze(2).expand(B, N, N, H), h.unsqueeze(1).expand(B, N, N, H)], dim=-1)
        gate = torch.sigmoid(self.edge_gate(pair)).squeeze(-1)
        m = torch.bmm(adj * gate, self.msg(h))
        out = self.upd(m.reshape(B * N, H), h.reshape(B * N, H))
        return out.reshape(B, N, H)


class MPNN(nn.Module):
    def __init__(self, n_atom_feats=8, hidden=64, n_layers=3):
        super().__init__()
        self.embed = nn.Linear(n_atom_feats, hidden)
        self.layers = nn.ModuleList([MessageLayer(hidden) for _ in range(n_layers)])
        self.readout = nn.Sequential(nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, x, adj, mask):
        h = torch.relu(self.embed(x))
        for layer in self.layers:
            h = layer(h, adj) * mask.unsqueeze(-1)
        pooled = h.sum(1) / mask.sum(1, keepdim=True)
        return self.readout(pooled)
