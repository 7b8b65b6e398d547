import torch
import torch.nn as nn

from .utils import masked_mean


class TopicTransformer(nn.Module):
    def __init__(self, vocab_size, max_len, d_model, n_heads, n_layers, num_classes, dropout=0.1, pad_id=0):
        super().__init__()
        self.pad_id = pad_id
        self.tok_emb = nn.Embedding(vocab_size, d_model, padding_idx=pad_id)
        self.pos_emb = nn.Parameter(torch.zeros(1, max_len, d_model))
        nn.init.normal_(self.pos_emb, std=0.02)
        layer = nn.TransformerEncoderLayer(
            d_model, n_heads, dim_feedforward=2 * d_model, dropout=dropout, batch_first=True
        )
        self.encoder = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)
        self.classifier = nn.Linear(d_model, num_classes)

    def forward(self, tokens):
        mask = tokens != self.pad_id
        x = self.tok_emb(tokens) + self.pos_emb[:, : tokens.size(1)]
        x = self.encoder(x, src_key_padding_mask=~mask)
        pooled = masked_mean(self.norm(x), mask)
        return self.classifier(pooled)
