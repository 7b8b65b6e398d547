import torch
from torch import nn


class BagOfEmbeddingsTagger(nn.Module):
    def __init__(self, vocab_size, embed_dim, hidden, num_tags, pad_idx=0):
        super().__init__()
        self.pad_idx = pad_idx
        self.embed = nn.Embedding(vocab_size, embed_dim, padding_idx=pad_idx)
        self.mlp = nn.Sequential(nn.Linear(embed_dim, hidden), nn.ReLU(), nn.Linear(hidden, num_tags))

    def forward(self, ids):
        mask = (ids != self.pad_idx).unsqueeze(-1).float()
        summed = (self.embed(ids) * mask).sum(1)
        mean = summed / mask.sum(1).clamp(min=1.0)
        return self.mlp(mean)
