import torch
import torch.nn as nn
import torch.nn.functional as F


class MessagePassing(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.msg = nn.Linear(2 * dim, dim)
        self.upd = nn.Linear(2 * dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, h, edge_index):
        src, dst = edge_index
        m = F.silu(self.msg(torch.cat([h[src], h[dst]], dim=-1)))
        agg = torch.zeros(h.size(0), m.size(-1), device=h.device, dtype=m.dtype)
        agg.index_add_(0, dst, m)
        deg = torch.bincount(dst, minlength=h.size(0)).clamp(min=1).unsqueeze(-1)
        agg = agg / deg
        return self.norm(h + self.upd(torch.cat([h, agg], dim=-1)))


class NodeClassifier(nn.Module):
    def __init__(self, in_dim, hidden, num_classes, num_layers=2, dropout=0.1):
        super().__init__()
        self.embed = nn.Linear(in_dim, hidden)
        self.layers = nn.ModuleList(MessagePassing(hidden) for _ in range(num_layers))
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, x, edge_index):
        h = F.gelu(self.embed(x))
        for layer in self.layers:
            h = self.dropout(layer(h, edge_index))
        return self.head(h)
