import torch
import torch.nn as nn


class DeepFM(nn.Module):
    def __init__(self, n_features, n_fields, k=8, hidden=(64, 32), dropout=0.1):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(1))
        self.linear = nn.Embedding(n_features, 1)
        self.emb = nn.Embedding(n_features, k)
        nn.init.normal_(self.emb.weight, std=0.01)
        nn.init.zeros_(self.linear.weight)
        layers, d = [], n_fields * k
        for h in hidden:
            layers += [nn.Linear(d, h), nn.ReLU(), nn.Dropout(dropout)]
            d = h
        layers.append(nn.Linear(d, 1))
        self.dnn = nn.Sequential(*layers)

    def forward(self, ids):
        e = self.emb(ids)
        fm_first = self.linear(ids).sum(dim=(1, 2))
        fm_second = 0.5 * (e.sum(1).pow(2) - e.pow(2).sum(1)).sum(1)
        deep = self.dnn(e.flatten(1)).squeeze(1)
        return self.bias + fm_first + fm_second + deep
