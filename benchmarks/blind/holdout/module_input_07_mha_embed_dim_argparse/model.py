import torch
from torch import nn


class AttentivePoolClassifier(nn.Module):
    def __init__(self, input_dim, num_heads, num_classes, dropout=0.1):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(input_dim, num_heads, dropout=dropout, batch_first=True)
        self.norm = nn.LayerNorm(input_dim)
        self.query = nn.Parameter(torch.randn(1, 1, input_dim) * 0.02)
        self.pool = nn.MultiheadAttention(input_dim, num_heads, batch_first=True)
        self.out = nn.Linear(input_dim, num_classes)

    def forward(self, x):                        # x: (B, T, input_dim)
        a, _ = self.self_attn(x, x, x)
        x = self.norm(x + a)
        q = self.query.expand(x.size(0), -1, -1)
        pooled, _ = self.pool(q, x, x)           # (B, 1, input_dim)
        return self.out(pooled.squeeze(1))
