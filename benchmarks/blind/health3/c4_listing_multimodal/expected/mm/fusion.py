import torch
import torch.nn as nn


class GatedFusion(nn.Module):
    """Projects both modalities to a shared width and mixes them with a learned gate."""

    def __init__(self, img_dim, meta_dim, out_dim, dropout=0.0):
        super().__init__()
        self.img_proj = nn.Linear(img_dim, out_dim)
        self.meta_proj = nn.Linear(meta_dim, out_dim)
        self.gate = nn.Sequential(nn.Linear(img_dim + meta_dim, out_dim), nn.Sigmoid())
        self.norm = nn.LayerNorm(out_dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, img_feat, meta_feat):
        g = self.gate(torch.cat([img_feat, meta_feat], dim=-1))
        fused = g * self.img_proj(img_feat) + (1 - g) * self.meta_proj(meta_feat)
        return self.drop(self.norm(fused))
