import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, vocab, emb, hidden, pad_idx):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=pad_idx)
        self.rnn = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear(2 * hidden, hidden)

    def forward(self, src):
        _, h = self.rnn(self.emb(src))              # h: (2, B, H)
        h = torch.cat([h[0], h[1]], dim=-1)
        return torch.tanh(self.bridge(h)).unsqueeze(0)


class Decoder(nn.Module):
    def __init__(self, vocab, emb, hidden, pad_idx):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=pad_idx)
        self.rnn = nn.GRU(emb, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, vocab)

    def forward(self, tgt_in, hidden):
        out, _ = self.rnn(self.emb(tgt_in), hidden)
        return self.proj(out)


class Seq2Seq(nn.Module):
    def __init__(self, vocab, emb=32, hidden=64, pad_idx=0):
        super().__init__()
        self.encoder = Encoder(vocab, emb, hidden, pad_idx)
        self.decoder = Decoder(vocab, emb, hidden, pad_idx)

    def forward(self, src, tgt_in):
        return self.decoder(tgt_in, self.encoder(src))
