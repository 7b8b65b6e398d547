import math

import torch
import torch.nn as nn


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads, dropout=0.1):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.d_k = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, key_padding_mask=None):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, self.d_k).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
        attn = scores.softmax(dim=-1)
        if key_padding_mask is not None:
            attn.masked_fill_(key_padding_mask[:, None, None, :], 0.0)
            attn = attn / attn.sum(dim=-1, keepdim=True).clamp_min(1e-9)
        attn = self.dropout(attn)
        ctx = (attn @ v).transpose(1, 2).reshape(b, t, d)
        return self.out(ctx)
