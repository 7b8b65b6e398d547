import torch.nn as nn


class BiGRUTagger(nn.Module):
    def __init__(self, n_mels, n_phones, hidden=64):
        super().__init__()
        self.inp = nn.Sequential(nn.Linear(n_mels, hidden), nn.LayerNorm(hidden), nn.GELU())
        self.rnn = nn.GRU(hidden, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, n_phones)

    def forward(self, x):
        h, _ = self.rnn(self.inp(x))
        return self.out(h)
