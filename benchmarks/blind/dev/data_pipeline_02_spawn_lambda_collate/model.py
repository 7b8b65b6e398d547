import torch
import torch.nn as nn


class MeanPoolClassifier(nn.Module):
    def __init__(self, vocab=500, dim=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, 1))

    def forward(self, ids, mask):
        e = self.emb(ids) * mask.unsqueeze(-1)
        pooled = e.sum(1) / mask.sum(1, keepdim=True).clamp(min=1)
        return self.mlp(pooled).squeeze(-1)
