import torch
import torch.nn as nn


class LayerDropEncoder(nn.Module):
    def __init__(self, vocab=21, dim=48, layers=3, heads=4, num_classes=4, layerdrop=0.2, max_len=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.layers = nn.ModuleList(
            [nn.TransformerEncoderLayer(dim, heads, 2 * dim, dropout=0.0, batch_first=True) for _ in range(layers)]
        )
        self.layerdrop = layerdrop
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        h = self.tok(x) + self.pos[:, : x.size(1)]
        for layer in self.layers:
            # LayerDrop: skip the whole layer with probability p during training
            if self.training and torch.rand(()) < self.layerdrop:
                continue
            h = layer(h)
        return self.head(h.mean(1))
