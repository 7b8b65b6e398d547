import torch
import torch.nn as nn


class RatingRegressor(nn.Module):
    def __init__(self, n_users=50, n_items=40, dim=8):
        super().__init__()
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)
        self.mlp = nn.Sequential(nn.Linear(2 * dim, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 1))

    def forward(self, u, i):
        return self.mlp(torch.cat([self.user(u), self.item(i)], -1)).squeeze(-1)

    @torch.no_grad()
    def predict(self, u, i):
        was = self.training
        self.eval()
        out = self(u, i).clamp(1, 5)
        self.train(was)
        return out
