import torch
import torch.nn as nn


class MatrixFactorization(nn.Module):
    def __init__(self, num_users, num_items, dim):
        super().__init__()
        self.user = nn.Embedding(num_users, dim, sparse=True)
        self.item = nn.Embedding(num_items, dim, sparse=True)
        self.user_bias = nn.Embedding(num_users, 1, sparse=True)
        self.item_bias = nn.Embedding(num_items, 1, sparse=True)
        for emb in (self.user, self.item):
            nn.init.normal_(emb.weight, std=0.01)
        for emb in (self.user_bias, self.item_bias):
            nn.init.zeros_(emb.weight)

    def forward(self, users, items):
        dot = (self.user(users) * self.item(items)).sum(1)
        return dot + self.user_bias(users).squeeze(1) + self.item_bias(items).squeeze(1)
