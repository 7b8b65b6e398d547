import torch
import torch.nn as nn


class BagOfPiecesClassifier(nn.Module):
    def __init__(self, vocab_size, dim, num_classes, pad_id=0):
        super().__init__()
        self.pad_id = pad_id
        self.emb = nn.Embedding(vocab_size, dim, padding_idx=pad_id)
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, num_classes))

    def forward(self, ids):
        mask = (ids != self.pad_id).unsqueeze(-1).float()
        pooled = (self.emb(ids) * mask).sum(1) / mask.sum(1).clamp(min=1)
        return self.ff(pooled)
