import torch
import torch.nn as nn


class FeatureEncoder(nn.Module):
    def __init__(self, n_mels=40, dim=96):
        super().__init__()
        self.proj = nn.Conv1d(n_mels, dim, kernel_size=5, padding=2)
        self.norm = nn.LayerNorm(dim)

    def forward(self, mels):  # [B, n_mels, T]
        return self.norm(self.proj(mels).transpose(1, 2))  # [B, T, dim]


class HubertMini(nn.Module):
    def __init__(self, n_mels=40, dim=96, n_layers=2, n_units=50):
        super().__init__()
        self.encoder = FeatureEncoder(n_mels, dim)
        self.mask_embedding = nn.Parameter(torch.randn(dim) * 0.02)
        layer = nn.TransformerEncoderLayer(dim, nhead=4, dim_feedforward=2 * dim, batch_first=True, dropout=0.0)
        self.transformer = nn.TransformerEncoder(layer, n_layers)
        self.unit_head = nn.Linear(dim, n_units)

    def forward(self, mels, mask):
        x = self.encoder(mels)
        x = torch.where(mask.unsqueeze(-1), self.mask_embedding.expand_as(x), x)
        return self.unit_head(self.transformer(x))
