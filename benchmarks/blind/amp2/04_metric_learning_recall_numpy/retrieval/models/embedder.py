import torch
import torch.nn as nn
import torch.nn.functional as F


class Embedder(nn.Module):
    def __init__(self, in_dim=32, embed_dim=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 128), nn.GELU(), nn.Linear(128, embed_dim))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class ProxyAnchorLoss(nn.Module):
    def __init__(self, n_classes, embed_dim, margin=0.1, alpha=32):
        super().__init__()
        self.proxies = nn.Parameter(torch.randn(n_classes, embed_dim) * 0.1)
        self.margin, self.alpha = margin, alpha

    def forward(self, emb, y):
        cos = emb @ F.normalize(self.proxies, dim=-1).t()
        pos = F.one_hot(y, self.proxies.shape[0]).bool()
        pos_exp = torch.exp(-self.alpha * (cos - self.margin)).masked_fill(~pos, 0)
        neg_exp = torch.exp(self.alpha * (cos + self.margin)).masked_fill(pos, 0)
        with_pos = pos.any(0)
        pos_term = torch.log1p(pos_exp.sum(0)[with_pos]).mean()
        neg_term = torch.log1p(neg_exp.sum(0)).mean()
        return pos_term + neg_term
