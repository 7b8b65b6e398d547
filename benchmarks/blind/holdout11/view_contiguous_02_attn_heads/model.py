import torch
import torch.nn as nn

from attention import MultiHeadSelfAttention


class EncoderLayer(nn.Module):
    def __init__(self, d_model, n_heads, d_ff, dropout):
        super().__init__()
        self.attn = MultiHeadSelfAttention(d_model, n_heads, dropout)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, pad_mask):
        x = self.ln1(x + self.drop(self.attn(x, pad_mask)))
        x = self.ln2(x + self.drop(self.ff(x)))
        return x


class TransformerClassifier(nn.Module):
    def __init__(self, vocab_size, n_classes, d_model=64, n_heads=4, n_layers=2,
                 d_ff=128, max_len=64, dropout=0.1, pad_idx=0):
        super().__init__()
        self.pad_idx = pad_idx
        self.tok = nn.Embedding(vocab_size, d_model, padding_idx=pad_idx)
        self.pos = nn.Embedding(max_len, d_model)
        self.layers = nn.ModuleList(
            [EncoderLayer(d_model, n_heads, d_ff, dropout) for _ in range(n_layers)]
        )
        self.cls = nn.Linear(d_model, n_classes)

    def forward(self, ids):
        pad_mask = ids.eq(self.pad_idx)
        pos = torch.arange(ids.size(1), device=ids.device)
        x = self.tok(ids) + self.pos(pos)[None]
        for layer in self.layers:
            x = layer(x, pad_mask)
        keep = (~pad_mask).unsqueeze(-1).float()
        pooled = (x * keep).sum(1) / keep.sum(1).clamp(min=1.0)
        return self.cls(pooled)
