import torch
import torch.nn as nn


class CharLM(nn.Module):
    def __init__(self, vocab, d_model=128, n_layers=2, n_heads=4, max_len=128):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        layer = nn.TransformerEncoderLayer(d_model, n_heads, 4 * d_model, dropout=0.0, batch_first=True, norm_first=True)
        self.enc = nn.TransformerEncoder(layer, n_layers)
        self.lm_head = nn.Linear(d_model, vocab)

    def forward(self, idx):
        T = idx.shape[1]
        mask = nn.Transformer.generate_square_subsequent_mask(T)
        h = self.enc(self.emb(idx) + self.pos[:, :T], mask=mask, is_causal=True)
        return self.lm_head(h)
