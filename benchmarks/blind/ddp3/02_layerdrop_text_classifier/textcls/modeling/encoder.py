import torch
import torch.nn as nn


class LayerDropEncoder(nn.Module):
    def __init__(self, d_model, n_heads, n_layers, layerdrop=0.0):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=2 * d_model,
                                       dropout=0.1, batch_first=True)
            for _ in range(n_layers)
        )
        self.layerdrop = layerdrop

    def forward(self, x, pad_mask=None):
        for layer in self.layers:
            # LayerDrop: skip the whole layer with probability p (training only)
            if self.training and torch.rand(()) < self.layerdrop:
                continue
            x = layer(x, src_key_padding_mask=pad_mask)
        return x


class TopicClassifier(nn.Module):
    def __init__(self, vocab_size, d_model, n_heads, n_layers, n_classes, layerdrop=0.0, max_len=128):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        self.encoder = LayerDropEncoder(d_model, n_heads, n_layers, layerdrop)
        self.head = nn.Linear(d_model, n_classes)

    def forward(self, tokens):
        x = self.tok(tokens) + self.pos[:, : tokens.size(1)]
        x = self.encoder(x, pad_mask=tokens.eq(0))
        return self.head(x.mean(1))
