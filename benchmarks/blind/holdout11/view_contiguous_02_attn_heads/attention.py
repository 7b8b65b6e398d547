import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadSelfAttention(nn.Module):
    """Multi-head self-attention written out by hand (assignment 3, part 2)."""

    def __init__(self, d_model, n_heads, dropout=0.1):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)
        self.attn_drop = nn.Dropout(dropout)

    def split_heads(self, x):
        # (B, T, D) -> (B, H, T, d_head)
        B, T, _ = x.shape
        return x.view(B, T, self.n_heads, self.d_head).transpose(1, 2)

    def merge_heads(self, x):
        # (B, H, T, d_head) -> (B, T, D)
        B, H, T, d = x.shape
        return x.transpose(1, 2).view(B, T, H * d)

    def forward(self, x, pad_mask=None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = self.split_heads(q), self.split_heads(k), self.split_heads(v)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
        if pad_mask is not None:
            scores = scores.masked_fill(pad_mask[:, None, None, :], float("-inf"))
        weights = self.attn_drop(F.softmax(scores, dim=-1))
        ctx = weights @ v
        return self.out(self.merge_heads(ctx))
