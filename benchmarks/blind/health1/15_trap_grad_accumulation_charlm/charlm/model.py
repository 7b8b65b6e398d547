import torch.nn as nn


class CharGRU(nn.Module):
    def __init__(self, vocab_size, embed_dim, hidden, layers=1, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim)
        self.rnn = nn.GRU(embed_dim, hidden, num_layers=layers, batch_first=True)
        self.drop = nn.Dropout(dropout)
        self.proj = nn.Linear(hidden, vocab_size)

    def forward(self, x):
        out, _ = self.rnn(self.embed(x))
        return self.proj(self.drop(out))
