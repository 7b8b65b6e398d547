import torch
import torch.nn as nn


class TinyTransformer(nn.Module):
    def __init__(self, vocab, d_model, nhead, layers, max_len):
        super().__init__()
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Parameter(torch.randn(1, max_len, d_model) * 0.02)
        layer = nn.TransformerEncoderLayer(d_model, nhead, 4 * d_model, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.out = nn.Linear(d_model, vocab)

    def forward(self, x):
        return self.out(self.encoder(self.tok(x) + self.pos))
