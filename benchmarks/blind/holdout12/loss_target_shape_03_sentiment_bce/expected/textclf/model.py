import torch.nn as nn


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab_size, dim=64, hidden=64, pad_idx=0):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=pad_idx)
        self.pad_idx = pad_idx
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Dropout(0.1))
        self.head = nn.Linear(hidden, 1)

    def forward(self, ids):
        mask = (ids != self.pad_idx).unsqueeze(-1).float()
        emb = self.embed(ids) * mask
        pooled = emb.sum(1) / mask.sum(1).clamp(min=1.0)
        return self.head(self.mlp(pooled)).squeeze(-1)
