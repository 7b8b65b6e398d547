import torch.nn as nn
import torch.nn.functional as F


class SpeakerEncoder(nn.Module):
    def __init__(self, n_mfcc=16, hidden=128, emb=64):
        super().__init__()
        self.rnn = nn.GRU(n_mfcc, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, emb)

    def forward(self, x):
        _, h_n = self.rnn(x)
        return F.normalize(self.proj(h_n[-1]), dim=-1)
