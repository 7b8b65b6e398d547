import torch
import torch.nn as nn


class OrdinalMF(nn.Module):
    """Matrix factorisation whose interaction vector is classified into star buckets."""

    def __init__(self, n_users, n_items, dim, n_classes):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, dim)
        self.item_emb = nn.Embedding(n_items, dim)
        self.user_bias = nn.Embedding(n_users, n_classes)
        self.item_bias = nn.Embedding(n_items, n_classes)
        self.head = nn.Linear(dim, n_classes)
        nn.init.normal_(self.user_emb.weight, std=0.1)
        nn.init.normal_(self.item_emb.weight, std=0.1)
        nn.init.zeros_(self.user_bias.weight)
        nn.init.zeros_(self.item_bias.weight)

    def forward(self, u, i):
        z = self.user_emb(u) * self.item_emb(i)
        return self.head(z) + self.user_bias(u) + self.item_bias(i)

    @torch.no_grad()
    def expected_stars(self, u, i):
        probs = self.forward(u, i).softmax(-1)
        stars = torch.arange(1, probs.size(-1) + 1, dtype=probs.dtype)
        return (probs * stars).sum(-1)
