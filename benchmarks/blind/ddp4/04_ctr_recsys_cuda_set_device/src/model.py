import torch
import torch.nn as nn


class DeepFM(nn.Module):
    def __init__(self, n_dense, cardinalities, emb_dim=8, hidden=(64, 32)):
        super().__init__()
        self.embs = nn.ModuleList([nn.Embedding(c, emb_dim) for c in cardinalities])
        self.linear_cat = nn.ModuleList([nn.Embedding(c, 1) for c in cardinalities])
        self.linear_dense = nn.Linear(n_dense, 1)
        layers, d = [], n_dense + emb_dim * len(cardinalities)
        for h in hidden:
            layers += [nn.Linear(d, h), nn.ReLU()]
            d = h
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)
        for emb in list(self.embs) + list(self.linear_cat):
            nn.init.normal_(emb.weight, std=0.01)

    def forward(self, dense, cats):
        e = torch.stack([emb(cats[:, i]) for i, emb in enumerate(self.embs)], 1)  # B, F, D
        fm = 0.5 * (e.sum(1).pow(2) - e.pow(2).sum(1)).sum(1, keepdim=True)
        lin = self.linear_dense(dense) + sum(l(cats[:, i]) for i, l in enumerate(self.linear_cat))
        deep = self.mlp(torch.cat([dense, e.flatten(1)], 1))
        return (lin + fm + deep).squeeze(1)
