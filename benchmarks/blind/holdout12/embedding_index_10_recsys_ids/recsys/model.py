import torch
import torch.nn as nn


class NeuMF(nn.Module):
    def __init__(self, num_users, num_items, dim=32, mlp_dims=(64, 32)):
        super().__init__()
        self.user_gmf = nn.Embedding(num_users, dim)
        self.item_gmf = nn.Embedding(num_items, dim)
        self.user_mlp = nn.Embedding(num_users, dim)
        self.item_mlp = nn.Embedding(num_items, dim)
        layers, d = [], 2 * dim
        for h in mlp_dims:
            layers += [nn.Linear(d, h), nn.ReLU()]
            d = h
        self.mlp = nn.Sequential(*layers)
        self.out = nn.Linear(dim + d, 1)
        for emb in (self.user_gmf, self.item_gmf, self.user_mlp, self.item_mlp):
            nn.init.normal_(emb.weight, std=0.01)

    def forward(self, users, items):
        gmf = self.user_gmf(users) * self.item_gmf(items)
        mlp = self.mlp(torch.cat([self.user_mlp(users), self.item_mlp(items)], dim=-1))
        return self.out(torch.cat([gmf, mlp], dim=-1)).squeeze(-1)
