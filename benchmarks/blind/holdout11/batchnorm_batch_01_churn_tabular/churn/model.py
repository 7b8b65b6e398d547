import torch
import torch.nn as nn


class ChurnMLP(nn.Module):
    def __init__(self, cardinalities, n_numerical, embedding_dim, hidden_dims, dropout):
        super().__init__()
        self.embeddings = nn.ModuleList([nn.Embedding(c, embedding_dim) for c in cardinalities])
        in_dim = embedding_dim * len(cardinalities) + n_numerical
        layers = []
        for h in hidden_dims:
            layers += [nn.Linear(in_dim, h), nn.BatchNorm1d(h), nn.ReLU(), nn.Dropout(dropout)]
            in_dim = h
        self.mlp = nn.Sequential(*layers)
        self.out = nn.Linear(in_dim, 1)

    def forward(self, x_cat, x_num):
        emb = [e(x_cat[:, i]) for i, e in enumerate(self.embeddings)]
        x = torch.cat(emb + [x_num], dim=1)
        return self.out(self.mlp(x)).squeeze(-1)
