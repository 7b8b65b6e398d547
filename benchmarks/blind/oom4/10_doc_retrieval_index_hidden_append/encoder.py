import torch
import torch.nn as nn
import torch.nn.functional as F


class BagEncoder(nn.Module):
    def __init__(self, vocab=30000, dim=256, hidden=512):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, tokens):
        mask = (tokens != 0).unsqueeze(-1).float()
        h = self.emb(tokens)
        h = h + self.ff(h)
        return F.normalize((h * mask).sum(1) / mask.sum(1).clamp(min=1), dim=-1)


def build_index(model, docs, chunk=256):
    vecs = []
    for i in range(0, len(docs), chunk):
        vecs.append(model(docs[i:i + chunk]))
    return torch.cat(vecs)
