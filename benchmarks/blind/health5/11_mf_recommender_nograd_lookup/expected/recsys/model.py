import torch
import torch.nn as nn


class MatrixFactorization(nn.Module):
    def __init__(self, n_users, n_items, n_factors=16):
        super().__init__()
        self.user_factors = nn.Embedding(n_users, n_factors)
        self.item_factors = nn.Embedding(n_items, n_factors)
        self.user_bias = nn.Embedding(n_users, 1)
        self.item_bias = nn.Embedding(n_items, 1)
        self.global_bias = nn.Parameter(torch.zeros(1))
        for emb in (self.user_factors, self.item_factors):
            nn.init.normal_(emb.weight, std=0.1)
        for emb in (self.user_bias, self.item_bias):
            nn.init.zeros_(emb.weight)

    def embed(self, users, items):
        """Factor lookup shared by forward() and the serving path (recommend)."""
        return self.user_factors(users), self.item_factors(items)

    def forward(self, users, items):
        u, v = self.embed(users, items)
        return ((u * v).sum(-1) + self.user_bias(users).squeeze(-1)
                + self.item_bias(items).squeeze(-1) + self.global_bias)

    @torch.no_grad()
    def recommend(self, user, k=10):
        items = torch.arange(self.item_factors.num_embeddings)
        u, v = self.embed(user.expand_as(items), items)
        scores = (u * v).sum(-1) + self.item_bias(items).squeeze(-1)
        return scores.topk(k).indices
