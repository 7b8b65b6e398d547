import torch
from torch import nn


class BiGRUTagger(nn.Module):
    def __init__(self, vocab_size, n_tags, emb_dim=32, hidden=64):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.rnn = nn.GRU(emb_dim, hidden, batch_first=True, bidirectional=True)
        self.classifier = nn.Linear(2 * hidden, n_tags)

    def forward(self, words):
        states, _ = self.rnn(self.embed(words))
        return self.classifier(states)
