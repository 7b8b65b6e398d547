import torch
import torch.nn as nn


class IntentGRU(nn.Module):
    """Embedding -> GRU -> projection -> classifier."""

    def __init__(self, vocab_size, num_classes, embed_dim=32, hidden_dim=64,
                 proj_dim=64, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.gru = nn.GRU(embed_dim, hidden_dim, batch_first=True)
        self.proj = nn.Linear(hidden_dim, proj_dim)
        self.dropout = nn.Dropout(dropout)
        self.fc = nn.Linear(proj_dim, num_classes)

    def forward(self, tokens):
        x = self.embed(tokens)
        _, h = self.gru(x)
        h = h[-1]
        h = torch.tanh(self.proj(h))
        logits = self.fc(self.dropout(h))
        return logits
