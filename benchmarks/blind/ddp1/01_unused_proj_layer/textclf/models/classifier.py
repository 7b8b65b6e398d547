import torch
import torch.nn as nn


class BagClassifier(nn.Module):
    """EmbeddingBag encoder + projection + linear head."""

    def __init__(self, vocab_size, embed_dim, hidden_dim, num_classes, dropout=0.1):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, embed_dim, mode="mean")
        self.encoder = nn.Sequential(
            nn.Linear(embed_dim, hidden_dim),
            nn.GELU(),
        )
        self.proj = nn.Sequential(
            nn.Linear(hidden_dim, hidden_dim),
            nn.GELU(),
        )
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(hidden_dim, num_classes)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = self.encoder(h)
        h = self.dropout(h)
        return self.head(h)
