import torch
import torch.nn as nn


class WideAndDeep(nn.Module):
    def __init__(self, n_users, n_items, n_dense, embed_dim=8, hidden=64):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, embed_dim)
        self.item_emb = nn.Embedding(n_items, embed_dim)
        self.wide = nn.Linear(n_dense, 1)
        self.deep = nn.Sequential(
            nn.Linear(2 * embed_dim + n_dense, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden // 2),
            nn.ReLU(),
            nn.Linear(hidden // 2, 1),
        )

    def forward(self, users, items, dense):
        u = self.user_emb(users)
        i = self.item_emb(items)
        deep_in = torch.cat([u, i, dense], dim=1)
        return (self.wide(dense) + self.deep(deep_in)).squeeze(1)
