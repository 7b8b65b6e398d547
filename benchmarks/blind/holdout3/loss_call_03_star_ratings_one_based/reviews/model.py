import torch
import torch.nn as nn


class ReviewTransformer(nn.Module):
    def __init__(self, vocab_size, max_len, num_classes, d_model=64, n_heads=4, n_layers=2, ff_mult=2):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        layer = nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=ff_mult * d_model,
                                           dropout=0.1, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)
        self.cls_head = nn.Linear(d_model, num_classes)

    def forward(self, ids):
        pad_mask = ids.eq(0)
        h = self.encoder(self.tok(ids) + self.pos[:, : ids.size(1)], src_key_padding_mask=pad_mask)
        return self.cls_head(self.norm(h[:, 0]))
