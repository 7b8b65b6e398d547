import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, heads, dropout):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, dropout=dropout, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.Dropout(dropout))

    def forward(self, x, pad_mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, key_padding_mask=pad_mask, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


class MiniBERTClassifier(nn.Module):
    def __init__(self, vocab_size, max_length, d=64, heads=4, depth=2, n_classes=2, dropout=0.1):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d, padding_idx=0)
        self.pos = nn.Parameter(torch.zeros(1, max_length, d))
        nn.init.trunc_normal_(self.pos, std=0.02)
        self.blocks = nn.ModuleList(Block(d, heads, dropout) for _ in range(depth))
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, n_classes)

    def forward(self, input_ids, attention_mask):
        x = self.tok(input_ids) + self.pos[:, : input_ids.size(1)]
        for blk in self.blocks:
            x = blk(x, ~attention_mask)
        return self.head(self.ln(x[:, 0]))
