import torch
import torch.nn as nn


class MaskedMeanPool(nn.Module):
    def forward(self, h, mask):
        m = mask.unsqueeze(-1).to(h.dtype)
        return (h * m).sum(1) / m.sum(1).clamp_min(1.0)


class Tagger(nn.Module):
    def __init__(self, n_mfcc, hidden, n_tags):
        super().__init__()
        self.frame_mlp = nn.Sequential(
            nn.Linear(n_mfcc, hidden), nn.ReLU(), nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.pool = MaskedMeanPool()
        self.head = nn.Linear(hidden, n_tags)

    def forward(self, x, mask):
        return self.head(self.pool(self.frame_mlp(x), mask))
