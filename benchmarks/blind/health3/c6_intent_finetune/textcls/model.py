import torch
import torch.nn as nn

from .data import PAD


class TinyTransformerClassifier(nn.Module):
    def __init__(self, vocab, d_model, n_heads, n_layers, num_classes, max_len=64, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model, padding_idx=PAD)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        layer = nn.TransformerEncoderLayer(
            d_model, n_heads, dim_feedforward=2 * d_model, dropout=dropout, batch_first=True
        )
        self.encoder = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)
        self.classifier = nn.Linear(d_model, num_classes)

    def forward(self, tokens):
        pad_mask = tokens.eq(PAD)
        h = self.embed(tokens) + self.pos[:, : tokens.size(1)]
        h = self.encoder(h, src_key_padding_mask=pad_mask)
        keep = (~pad_mask).unsqueeze(-1).float()
        pooled = (h * keep).sum(1) / keep.sum(1).clamp(min=1.0)
        return self.classifier(self.norm(pooled))

    def resize_head(self, num_classes):
        d_model = self.classifier.in_features
        self.classifier = nn.Linear(d_model, num_classes)
        return self
