import torch
import torch.nn as nn


class BiasedMF(nn.Module):
    def __init__(self, n_users, n_items, rank, global_mean=3.0):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, rank)
        self.item_emb = nn.Embedding(n_items, rank)
        self.user_bias = nn.Embedding(n_users, 1)
        self.item_bias = nn.Embedding(n_items, 1)
        self.register_buffer("global_mean", torch.tensor(global_mean))
        for emb in (self.user_emb, self.item_emb):
            nn.init.normal_(emb.weight, std=0.1)
        for emb in (self.user_bias, self.item_bias):
            nn.init.zeros_(emb.weight)

    def forward(self, users, items):
        dot = (self.user_emb(users) * self.item_emb(items)).sum(-1)
        return dot + self.user_bias(users).squeeze(-1) + self.item_bias(items).squeeze(-1) + self.global_mean
