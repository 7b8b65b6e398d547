import torch.nn as nn


class CharRNN(nn.Module):
    def __init__(self, vocab_size, emb=32, hidden=96, layers=1, dropout=0.1):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb)
        self.rnn = nn.GRU(emb, hidden, layers, batch_first=True)
        self.drop = nn.Dropout(dropout)
        self.head = nn.Linear(hidden, vocab_size)

    def forward(self, idx):
        out, _ = self.rnn(self.emb(idx))
        return self.head(self.drop(out))
