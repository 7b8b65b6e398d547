import torch.nn as nn


class MF(nn.Module):
    def __init__(self, n_users, n_items, dim=16):
        super().__init__()
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)
        self.user_bias = nn.Embedding(n_users, 1)
        self.item_bias = nn.Embedding(n_items, 1)
        for e in (self.user, self.item):
            nn.init.normal_(e.weight, std=0.1)
        nn.init.zeros_(self.user_bias.weight)
        nn.init.zeros_(self.item_bias.weight)

    def forward(self, u, i):
        dot = (self.user(u) * self.item(i)).sum(-1)
        return dot + self.user_bias(u).squeeze(-1) + self.item_bias(i).squeeze(-1)
