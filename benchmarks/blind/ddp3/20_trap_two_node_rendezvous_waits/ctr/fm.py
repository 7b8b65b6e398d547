import torch
import torch.nn as nn


class DeepFM(nn.Module):
    def __init__(self, field_dims=(50, 30, 20, 10), k=8, hidden=32):
        super().__init__()
        self.offsets = torch.tensor((0, *torch.tensor(field_dims).cumsum(0)[:-1].tolist()))
        n = sum(field_dims)
        self.lin = nn.Embedding(n, 1)
        self.emb = nn.Embedding(n, k)
        self.mlp = nn.Sequential(nn.Linear(len(field_dims) * k, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        x = x + self.offsets
        e = self.emb(x)
        fm = 0.5 * (e.sum(1) ** 2 - (e ** 2).sum(1)).sum(1, keepdim=True)
        return (self.lin(x).sum(1) + fm + self.mlp(e.flatten(1))).squeeze(1)


def synth_clicks(n=2000, field_dims=(50, 30, 20, 10), seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.stack([torch.randint(0, d, (n,), generator=g) for d in field_dims], 1)
    logit = (x[:, 0] % 5 == 0).float() * 2 - (x[:, 1] % 3 == 0).float() - 0.5
    y = (torch.rand(n, generator=g) < torch.sigmoid(logit)).float()
    return x, y
