import torch
import torch.nn as nn


class TextEncoder(nn.Module):
    def __init__(self, vocab_size, dim=64, heads=4, layers=2, max_len=64):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, dim)
        self.pos = nn.Parameter(torch.randn(1, max_len, dim) * 0.02)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 4, dropout=0.0, batch_first=True)
        self.layers = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(dim)
        self.dim = dim

    def forward(self, ids):
        h = self.tok(ids) + self.pos[:, : ids.size(1)]
        return self.norm(self.layers(h))


def load_encoder(vocab_size, ckpt=None):
    enc = TextEncoder(vocab_size)
    if ckpt is not None:
        enc.load_state_dict(torch.load(ckpt, map_location="cpu"))
    return enc


class FrozenBackboneClassifier(nn.Module):
    def __init__(self, vocab_size, num_classes, ckpt=None, encoder_dtype=torch.bfloat16):
        super().__init__()
        self.encoder = load_encoder(vocab_size, ckpt).to(encoder_dtype).eval()
        self.encoder.requires_grad_(False)
        d = self.encoder.dim
        self.head = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.Dropout(0.1), nn.Linear(d, num_classes))

    def train(self, mode=True):
        super().train(mode)
        self.encoder.eval()
        return self

    def forward(self, ids):
        with torch.no_grad():
            h = self.encoder(ids)
        return self.head(h[:, 0])
