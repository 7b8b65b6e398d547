import torch
import torch.nn as nn


class GatedAttentionPool(nn.Module):
    """Gated attention pooling (Ilse et al., 2018) over the instances of a bag."""

    def __init__(self, dim, hidden=64):
        super().__init__()
        self.attn_v = nn.Linear(dim, hidden)
        self.attn_u = nn.Linear(dim, hidden)
        self.attn_w = nn.Linear(hidden, 1)

    def forward(self, h, mask):
        a = self.attn_w(torch.tanh(self.attn_v(h)) * torch.sigmoid(self.attn_u(h))).squeeze(-1)
        a = a.masked_fill(~mask, float("-inf"))
        weights = torch.softmax(a, dim=1)
        return torch.bmm(weights.unsqueeze(1), h).squeeze(1), weights


class InstanceEncoder(nn.Module):
    def __init__(self, in_dim, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, dim), nn.ReLU(), nn.Linear(dim, dim), nn.ReLU())

    def forward(self, x):
        return self.net(x)
