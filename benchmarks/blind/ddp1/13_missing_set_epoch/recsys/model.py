import torch.nn as nn


class MF(nn.Module):
    def __init__(self, n_users=100, n_items=80, dim=8):
        super().__init__()
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)
        nn.init.normal_(self.user.weight, std=0.3)
        nn.init.normal_(self.item.weight, std=0.3)

    def forward(self, u, i):
        return (self.user(u) * self.item(i)).sum(-1)
