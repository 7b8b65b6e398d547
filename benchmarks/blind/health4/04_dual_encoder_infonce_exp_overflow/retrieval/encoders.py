import torch.nn as nn


class BagEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="sum")
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, tokens):
        return self.proj(self.emb(tokens))


class DualEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.query_tower = BagEncoder(vocab, dim)
        self.doc_tower = BagEncoder(vocab, dim)

    def forward(self, q, d):
        return self.query_tower(q), self.doc_tower(d)
