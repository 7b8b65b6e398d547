import torch
import torch.nn as nn


class EncoderLayer(nn.Module):
    def __init__(self, d_model, n_heads, d_ff, dropout=0.1):
        super().__init__()
        self.n_heads = n_heads
        self.in_proj = nn.Linear(d_model, 3 * d_model)
        self.out_proj = nn.Linear(d_model, d_model)
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        B, T, D = x.shape
        hd = D // self.n_heads
        q, k, v = self.in_proj(x).chunk(3, dim=-1)
        q = q.view(B, T, self.n_heads, hd).transpose(1, 2)
        k = k.view(B, T, self.n_heads, hd).transpose(1, 2)
        v = v.view(B, T, self.n_heads, hd).transpose(1, 2)
        w = torch.softmax(q @ k.transpose(-1, -2) / hd ** 0.5, dim=-1)
        ctx = (self.dropout(w) @ v).transpose(1, 2).reshape(B, T, D)
        x = self.norm1(x + self.dropout(self.out_proj(ctx)))
        return self.norm2(x + self.dropout(self.ff(x)))


class IntentEncoder(nn.Module):
    def __init__(self, vocab, n_intents, max_len=256, d_model=128, n_heads=8, d_ff=256, n_layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(max_len, d_model)
        self.layers = nn.ModuleList([EncoderLayer(d_model, n_heads, d_ff) for _ in range(n_layers)])
        self.classifier = nn.Linear(d_model, n_intents)

    def encode(self, ids):
        pos = torch.arange(ids.size(1), device=ids.device)
        h = self.embed(ids) + self.pos(pos)
        for layer in self.layers:
            h = layer(h)
        return h.mean(dim=1)

    def forward(self, ids):
        z = self.encode(ids)
        return self.classifier(z), z
