import torch
from torch import nn


class GRUClassifier(nn.Module):
    def __init__(self, vocab_size, embed_dim, hidden_dim, num_labels):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.rnn = nn.GRU(embed_dim, hidden_dim, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * hidden_dim, num_labels)

    def forward(self, tokens):
        out, _ = self.rnn(self.embed(tokens))
        pooled = out.max(dim=1).values
        return self.head(pooled)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.vocab_size, cfg.embed_dim, cfg.hidden_dim, cfg.num_labels)
