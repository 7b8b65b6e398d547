import torch
import torch.nn as nn


class TabularMLP(nn.Module):
    def __init__(self, cardinalities, n_num, emb_dim=6, hidden=(64, 32), dropout=0.1):
        super().__init__()
        self.embs = nn.ModuleList(nn.Embedding(k, emb_dim) for k in cardinalities)
        self.num_bn = nn.BatchNorm1d(n_num)
        layers, d = [], emb_dim * len(cardinalities) + n_num
        for h in hidden:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.SiLU(), nn.Dropout(dropout)]
            d = h
        self.mlp = nn.Sequential(*layers)
        self.out = nn.Linear(d, 1)

    def forward(self, cat, num):
        e = [emb(cat[:, i]) for i, emb in enumerate(self.embs)]
        h = torch.cat(e + [self.num_bn(num)], dim=1)
        return self.out(self.mlp(h)).squeeze(-1)
