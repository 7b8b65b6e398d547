import torch
from torch import nn


class BiasedMF(nn.Module):
    def __init__(self, n_users, n_items, dim=32):
        super().__init__()
        self.P = nn.Embedding(n_users, dim)
        self.Q = nn.Embedding(n_items, dim)
        self.bu = nn.Embedding(n_users, 1)
        self.bi = nn.Embedding(n_items, 1)
        self.mu = nn.Parameter(torch.tensor(3.5))
        for e in (self.P, self.Q):
            nn.init.normal_(e.weight, std=0.05)
        for e in (self.bu, self.bi):
            nn.init.zeros_(e.weight)

    def forward(self, u, i):
        return self.mu + self.bu(u).squeeze(-1) + self.bi(i).squeeze(-1) + (self.P(u) * self.Q(i)).sum(-1)
