import torch
import torch.nn as nn


class NeuMF(nn.Module):
    """Neural matrix factorisation: GMF branch + MLP branch, fused by a linear layer."""

    def __init__(self, n_users, n_items, gmf_dim=16, mlp_dims=(64, 32, 16), dropout=0.1):
        super().__init__()
        self.user_gmf = nn.Embedding(n_users, gmf_dim)
        self.item_gmf = nn.Embedding(n_items, gmf_dim)
        self.user_mlp = nn.Embedding(n_users, mlp_dims[0] // 2)
        self.item_mlp = nn.Embedding(n_items, mlp_dims[0] // 2)
        layers = []
        for a, b in zip(mlp_dims[:-1], mlp_dims[1:]):
            layers += [nn.Linear(a, b), nn.ReLU(), nn.Dropout(dropout)]
        self.mlp = nn.Sequential(*layers)
        self.predict = nn.Linear(gmf_dim + mlp_dims[-1], 1)
        for emb in (self.user_gmf, self.item_gmf, self.user_mlp, self.item_mlp):
            nn.init.normal_(emb.weight, std=0.01)

    def forward(self, users, items):
        gmf = self.user_gmf(users) * self.item_gmf(items)
        mlp = self.mlp(torch.cat([self.user_mlp(users), self.item_mlp(items)], dim=-1))
        return self.predict(torch.cat([gmf, mlp], dim=-1)).squeeze(-1)
