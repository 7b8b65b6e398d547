import torch
import torch.nn as nn


class KWSTransformer(nn.Module):
    def __init__(self, n_mels, num_classes, d_model=64, n_heads=4, n_layers=2):
        super().__init__()
        self.proj = nn.Linear(n_mels, d_model)
        layer = nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=2 * d_model, batch_first=True,
                                           dropout=0.1)
        self.encoder = nn.TransformerEncoder(layer, n_layers)
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, x):
        # x: B, n_mels, T
        h = self.proj(x.transpose(1, 2))
        h = self.encoder(h)
        return self.head(h.mean(dim=1))
