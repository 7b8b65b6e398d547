import torch.nn as nn


class CharLM(nn.Module):
    def __init__(self, vocab, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, x):
        h, _ = self.rnn(self.emb(x))
        return self.out(h)
