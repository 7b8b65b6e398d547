import torch
import torch.nn as nn


class FeatureTokenizer(nn.Module):
    """Turns each scalar column into a d_model token (FT-Transformer style)."""

    def __init__(self, n_features, d_model):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_features, d_model) * 0.02)
        self.bias = nn.Parameter(torch.zeros(n_features, d_model))
        self.cls = nn.Parameter(torch.zeros(1, 1, d_model))

    def forward(self, x):
        tok = x.unsqueeze(-1) * self.weight + self.bias
        return torch.cat([self.cls.expand(x.size(0), -1, -1), tok], dim=1)


class TabularEncoder(nn.Module):
    def __init__(self, n_features, d_model, n_heads, n_layers):
        super().__init__()
        self.tokenizer = FeatureTokenizer(n_features, d_model)
        layer = nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=2 * d_model,
                                           batch_first=True, dropout=0.1)
        self.encoder = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)

    def forward(self, x):
        return self.encoder(self.tokenizer(x))  # (B, 1 + F, d)
