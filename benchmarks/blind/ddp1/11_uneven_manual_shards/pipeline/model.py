import torch
import torch.nn as nn


class FieldEmbeddingMLP(nn.Module):
    def __init__(self, n_fields=6, cardinality=50, dim=8):
        super().__init__()
        self.emb = nn.Embedding(n_fields * cardinality, dim)
        self.register_buffer("offsets", torch.arange(n_fields) * cardinality)
        self.mlp = nn.Sequential(nn.Linear(n_fields * dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, feats):
        e = self.emb(feats + self.offsets)
        return self.mlp(e.flatten(1)).squeeze(-1)
