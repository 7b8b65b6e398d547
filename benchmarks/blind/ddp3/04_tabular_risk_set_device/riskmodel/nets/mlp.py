import torch
import torch.nn as nn


class RiskMLP(nn.Module):
    def __init__(self, n_numeric, n_categorical, cardinality, hidden=(64, 32), emb_dim=4):
        super().__init__()
        self.embs = nn.ModuleList(nn.Embedding(cardinality, emb_dim) for _ in range(n_categorical))
        layers, d = [], n_numeric + n_categorical * emb_dim
        for h in hidden:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.ReLU()]
            d = h
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, num, cat):
        e = [emb(cat[:, i]) for i, emb in enumerate(self.embs)]
        return self.mlp(torch.cat([num] + e, dim=1)).squeeze(1)
