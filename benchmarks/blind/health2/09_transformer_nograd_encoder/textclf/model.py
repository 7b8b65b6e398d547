import math

import torch
import torch.nn as nn


class TransformerClassifier(nn.Module):
    def __init__(self, vocab_size, d_model, nhead, num_layers, num_classes, max_len=64, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.tok_emb = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos_emb = nn.Parameter(torch.zeros(1, max_len, d_model))
        nn.init.normal_(self.pos_emb, std=0.02)
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=2 * d_model, dropout=dropout, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)
        self.head = nn.Linear(d_model, num_classes)

    @torch.no_grad()
    def encode(self, tokens):
        pad_mask = tokens.eq(0)
        x = self.tok_emb(tokens) * math.sqrt(self.d_model) + self.pos_emb[:, :tokens.size(1)]
        h = self.encoder(x, src_key_padding_mask=pad_mask)
        return h, pad_mask

    def forward(self, tokens):
        h, pad_mask = self.encode(tokens)
        keep = (~pad_mask).unsqueeze(-1).float()
        pooled = (h * keep).sum(1) / keep.sum(1).clamp(min=1.0)
        return self.head(self.norm(pooled))
