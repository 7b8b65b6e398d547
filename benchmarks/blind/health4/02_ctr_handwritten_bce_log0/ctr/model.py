import torch
import torch.nn as nn


class WideDeep(nn.Module):
    def __init__(self, n_ads, n_dense, emb_dim=16, hidden=64):
        super().__init__()
        self.ad_emb = nn.Embedding(n_ads, emb_dim)
        self.wide = nn.Linear(n_dense, 1)
        self.deep = nn.Sequential(
            nn.Linear(emb_dim + n_dense, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, ad, dense):
        h = torch.cat([self.ad_emb(ad), dense], dim=1)
        return (self.wide(dense) + self.deep(h)).squeeze(1)  # logits
